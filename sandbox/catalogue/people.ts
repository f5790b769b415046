/**
 * The seeded people: the provider's own user, the two sign-in accounts (guest is premium,
 * free is not, so the premium prompt is reachable) and listeners with public playlists.
 */
export interface SeededUser {
  id: string;
  displayName: string;
  email: string | null;
  password: string | null;
  product: 'premium' | 'free';
  country: string;
  followers: number;
  images: number;
  playlists: string[];
}

export const GUEST_EMAIL = 'guest@mymusic.test';
export const FREE_EMAIL = 'free@mymusic.test';

export const SEEDED_USERS: SeededUser[] = [
  { id: 'spotify', displayName: 'Spotify', email: null, password: null, product: 'premium', country: 'SE', followers: 4_200_000, images: 2, playlists: [] },
  { id: 'guest', displayName: 'Guest', email: GUEST_EMAIL, password: 'guest', product: 'premium', country: 'IN', followers: 12, images: 2,
    playlists: ['Road Trip', 'Late Night Coding', 'Shared with Friends', 'Chai & Chill'] },
  { id: 'free', displayName: 'Free Listener', email: FREE_EMAIL, password: 'free', product: 'free', country: 'IN', followers: 3, images: 2,
    playlists: ['My First Playlist'] },
  { id: 'aarav.sharma', displayName: 'Aarav Sharma', email: null, password: null, product: 'premium', country: 'IN', followers: 1_480, images: 2,
    playlists: ['Bollywood Monsoon', 'दिल के गाने', 'Odd Ones Out', 'Gym Bangers'] },
  { id: 'simran.kaur', displayName: 'Simran Kaur', email: null, password: null, product: 'premium', country: 'IN', followers: 860, images: 2,
    playlists: ['Bhangra Nights', 'Wedding Dance', 'ਪਿੰਡ ਦੀਆਂ ਯਾਦਾਂ'] },
  { id: 'lucia.fernandez', displayName: 'Lucía Fernández', email: null, password: null, product: 'free', country: 'ES', followers: 230, images: 2,
    playlists: ['Canciones de verano', 'Sunday Morning', 'Lost Mixtape'] },
  { id: 'yuki.tanaka', displayName: '田中 ゆき', email: null, password: null, product: 'premium', country: 'JP', followers: 95, images: 2,
    playlists: ['夜のドライブ', 'Study Session'] },
  { id: 'minjun.kim', displayName: '김민준', email: null, password: null, product: 'premium', country: 'KR', followers: 2_310, images: 2,
    playlists: ['새벽 감성', 'K-Pop Workout', 'Rainy Day'] },
  { id: 'olu.adeyemi', displayName: 'Olusegun Adeyemi', email: null, password: null, product: 'free', country: 'NG', followers: 41, images: 2,
    playlists: ['Kitchen Disco', 'Throwback Thursday'] },
  { id: 'dmitri.volkov', displayName: 'Дмитрий Волков', email: null, password: null, product: 'premium', country: 'DE', followers: 7, images: 0,
    playlists: ['Ночной город', 'Sad Songs'] },
  { id: 'marie.dubois', displayName: 'Marie Dubois', email: null, password: null, product: 'premium', country: 'FR', followers: 512, images: 2,
    playlists: ['Café de Paris', 'Chansons pour la pluie'] },
];

/** Playlists with awkward entries: a null track and a track whose name is empty. */
export const AWKWARD_PLAYLISTS = new Set(['Odd Ones Out', 'Daily Mix 3']);
/** A playlist the provider no longer serves: search answers null in its place, GET answers 404. */
export const UNAVAILABLE_PLAYLISTS = new Set(['Lost Mixtape']);
/** Private playlists (not on the owner's public profile). */
export const PRIVATE_PLAYLISTS = new Set(['Late Night Coding', 'Sad Songs']);
export const COLLABORATIVE_PLAYLISTS = new Set(['Shared with Friends']);

/** Browse categories: id, name, and the languages or genres whose tracks fill their playlists. */
export const CATEGORIES: { id: string; name: string; languages: string[]; icon: boolean }[] = [
  { id: 'toplists', name: 'Charts', languages: ['en', 'hi', 'pa'], icon: true },
  { id: 'pop', name: 'Pop', languages: ['en'], icon: true },
  { id: 'bollywood', name: 'Bollywood', languages: ['hi'], icon: true },
  { id: 'punjabi', name: 'Punjabi', languages: ['pa'], icon: true },
  { id: 'hiphop', name: 'Hip-Hop', languages: ['en', 'pa', 'fr'], icon: true },
  { id: 'rock', name: 'Rock', languages: ['en', 'ru'], icon: true },
  { id: 'indie', name: 'Indie', languages: ['en', 'ko'], icon: true },
  { id: 'chill', name: 'Chill', languages: ['en', 'ja', 'pt'], icon: true },
  { id: 'workout', name: 'Workout', languages: ['en', 'pa', 'es'], icon: true },
  { id: 'focus', name: 'Focus', languages: ['ja', 'fr', 'en'], icon: true },
  { id: 'party', name: 'Party', languages: ['es', 'pa', 'en'], icon: true },
  { id: 'romance', name: 'Romance', languages: ['hi', 'fr', 'es'], icon: true },
  { id: 'latin', name: 'Latin', languages: ['es', 'pt'], icon: true },
  { id: 'kpop', name: 'K-Pop', languages: ['ko'], icon: true },
  { id: 'jpop', name: 'J-Pop', languages: ['ja'], icon: true },
  { id: 'arabic', name: 'Arabic', languages: ['ar'], icon: true },
  { id: 'jazz', name: 'Jazz', languages: ['en', 'fr'], icon: true },
  { id: 'decades', name: 'Decades', languages: ['en', 'hi'], icon: false },
];

export const CATEGORY_PLAYLIST_NAMES = ['{c} Hits', '{c} Essentials', 'Fresh {c}', '{c} Throwback', 'Hot {c}', '{c} Rising', 'All Out {c}', '{c} Deep Cuts'];
