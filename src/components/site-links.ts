/**
 * Where the product points people for help. The contact address and the issue tracker
 * are the team's; the plans page is the provider's (the premium prompt links to it).
 */
export const CONTACT_EMAIL = 'support@mymusic.test';
/** The project's home: its code, its changes, how to take part. */
export const PROJECT_URL = 'https://github.com/my-music-app/my-music';
export const ISSUE_TRACKER_URL = `${PROJECT_URL}/issues`;
export const PROVIDER_PLANS_URL = 'https://www.spotify.com/premium/';

import { hrefOf } from '../lib/routes';

/** A footer link: in the site, or elsewhere (`external`, opened in a new tab). */
export interface FooterLink {
  label: string;
  href: string;
  external?: true;
}

export interface FooterColumn {
  title: string;
  /** Its navigation's name, when not its title. */
  label?: string;
  links: FooterLink[];
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

/**
 * The app's footer columns (SPEC §1; the reference app ends its pages with Company, Communities,
 * Useful Links and Subscription plans). None points into the landing page: /auth sends a
 * signed-in user home, so its anchors would lead nowhere from here. The plans are the provider's,
 * as in the Premium prompt.
 */
export const APP_FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: 'Company',
    links: [
      { label: 'About', href: PROJECT_URL, external: true },
      { label: 'Jobs', href: `mailto:${CONTACT_EMAIL}?subject=Jobs` },
      { label: 'Contact', href: `mailto:${CONTACT_EMAIL}` },
    ],
  },
  {
    title: 'Communities',
    links: [
      { label: 'For Artists', href: `mailto:${CONTACT_EMAIL}?subject=For%20Artists` },
      { label: 'Developers', href: PROJECT_URL, external: true },
      { label: 'Advertising', href: `mailto:${CONTACT_EMAIL}?subject=Advertising` },
    ],
  },
  {
    title: 'Useful Links',
    links: [
      { label: 'Support', href: `mailto:${CONTACT_EMAIL}` },
      { label: 'Report an issue', href: ISSUE_TRACKER_URL, external: true },
      { label: 'New Releases', href: hrefOf('newRelease') },
      { label: 'Popular Playlists', href: hrefOf('popularPlaylists') },
    ],
  },
  {
    title: 'Subscription plans',
    links: [
      { label: 'Premium Individual', href: PROVIDER_PLANS_URL, external: true },
      { label: 'Premium Family', href: PROVIDER_PLANS_URL, external: true },
      { label: 'Free', href: PROVIDER_PLANS_URL, external: true },
    ],
  },
];

/** The social links, the footer's last column. */
export const SOCIAL_COLUMN: FooterColumn = {
  title: 'Follow us',
  label: 'Social',
  links: [
    { label: 'Instagram', href: 'https://www.instagram.com/', external: true },
    { label: 'X', href: 'https://x.com/', external: true },
    { label: 'Facebook', href: 'https://www.facebook.com/', external: true },
  ],
};

/**
 * The legal links: the provider's, whose terms govern the account and the music played here
 * (they pointed at the landing page's top, which a signed-in user cannot even open).
 */
export const LEGAL_LINKS: FooterLink[] = [
  { label: 'Legal', href: 'https://www.spotify.com/legal/', external: true },
  { label: 'Privacy Center', href: 'https://www.spotify.com/privacy', external: true },
  { label: 'Privacy Policy', href: 'https://www.spotify.com/legal/privacy-policy/', external: true },
  { label: 'Cookies', href: 'https://www.spotify.com/legal/cookies-policy/', external: true },
  { label: 'Accessibility', href: 'https://www.spotify.com/accessibility', external: true },
];
