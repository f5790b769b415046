/**
 * Where the product points people for help. The contact address and the issue tracker
 * are the team's; the plans page is the provider's (the premium prompt links to it).
 */
export const CONTACT_EMAIL = 'support@mymusic.test';
export const ISSUE_TRACKER_URL = 'https://github.com/my-music-app/my-music/issues';
export const PROVIDER_PLANS_URL = 'https://www.spotify.com/premium/';

interface FooterColumn {
  title: string;
  links: { label: string; href: string }[];
}

/** The landing footer's link columns (SPEC §1: company, community, support, plans). */
export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/auth#features' },
      { label: 'Jobs', href: `mailto:${CONTACT_EMAIL}?subject=Jobs` },
      { label: 'For the Record', href: '/auth#showcase' },
    ],
  },
  {
    title: 'Communities',
    links: [
      { label: 'For Artists', href: '/auth#create-and-share' },
      { label: 'Developers', href: ISSUE_TRACKER_URL },
      { label: 'Advertising', href: `mailto:${CONTACT_EMAIL}?subject=Advertising` },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', href: `mailto:${CONTACT_EMAIL}` },
      { label: 'Report an issue', href: ISSUE_TRACKER_URL },
      { label: 'Free Mobile App', href: '/auth#download' },
    ],
  },
  {
    title: 'My Music Plans',
    links: [
      { label: 'Free', href: '/auth#plans' },
      { label: 'Premium Individual', href: '/auth#plans' },
      { label: 'Premium Family', href: '/auth#plans' },
    ],
  },
];

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
];

export const LEGAL_LINKS = ['Legal', 'Privacy Center', 'Privacy Policy', 'Cookies', 'About Ads', 'Accessibility'];
