import { pick, type Random } from './random';

/**
 * Word lists for readable names in several scripts. Each language has given names and
 * family names for people, words for titles, and the genres its artists play.
 */
export interface Language {
  code: string;
  share: number;
  given: string[];
  family: string[];
  words: string[];
  genres: string[];
  /** A second, romanised word list where the language's songs are often titled in Latin script. */
  romanWords?: string[];
}

export const LANGUAGES: Language[] = [
  {
    code: 'en', share: 0.34,
    given: ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Ethan', 'Ruby', 'Jack', 'Nora', 'Owen', 'Isla', 'Leo', 'Hazel', 'Miles', 'Clara', 'Felix'],
    family: ['Hart', 'Stone', 'Rivers', 'Vale', 'Brooks', 'Fox', 'Lane', 'Wilder', 'Grey', 'Knight', 'Monroe', 'Sterling', 'Blake', 'Quinn'],
    words: ['Midnight', 'River', 'Golden', 'Echo', 'Neon', 'Heart', 'Summer', 'Wild', 'Paper', 'Ocean', 'Electric', 'Silver', 'Velvet', 'Storm', 'Highway', 'Dream', 'Fire', 'Glass', 'Moon', 'City', 'Lights', 'Shadow', 'Honey', 'Runaway', 'Satellite', 'Blue', 'Thunder', 'Diamond', 'Stranger', 'Horizon'],
    genres: ['pop', 'rock', 'indie', 'hip hop', 'electronic', 'r&b', 'folk', 'jazz'],
  },
  {
    code: 'hi', share: 0.18,
    given: ['आरव', 'अनन्या', 'विवान', 'दिया', 'कबीर', 'मीरा', 'Arjun', 'Kavya', 'Rohan', 'Ishaan', 'Neha', 'Shreya'],
    family: ['शर्मा', 'मेहता', 'वर्मा', 'कपूर', 'Malhotra', 'Iyer', 'Khanna', 'Ghoshal', 'Mishra', 'Joshi'],
    words: ['दिल', 'प्यार', 'सपने', 'रातें', 'बारिश', 'चाँद', 'सफ़र', 'ज़िंदगी', 'मोहब्बत', 'तेरे', 'मेरे', 'नैना', 'इश्क़', 'यादें', 'आसमान', 'दुनिया', 'रंग', 'धड़कन'],
    romanWords: ['Dil', 'Pyaar', 'Sapne', 'Raatein', 'Baarish', 'Chaand', 'Safar', 'Zindagi', 'Mohabbat', 'Tere', 'Mere', 'Naina', 'Ishq', 'Yaadein', 'Aasmaan', 'Duniya', 'Rang', 'Dhadkan'],
    genres: ['bollywood', 'filmi', 'indian pop', 'sufi'],
  },
  {
    code: 'pa', share: 0.14,
    given: ['Gurdeep', 'Simran', 'Harman', 'Jasleen', 'Karan', 'Navjot', 'ਹਰਪ੍ਰੀਤ', 'ਮਨਦੀਪ', 'Amrit', 'Babbu'],
    family: ['Sandhu', 'Gill', 'Dhillon', 'Aujla', 'Randhawa', 'Maan', 'ਸਿੱਧੂ', 'ਬਰਾੜ', 'Kaur', 'Singh'],
    words: ['ਦਿਲ', 'ਪਿਆਰ', 'ਯਾਰ', 'ਜੱਟ', 'ਗੱਡੀ', 'ਪਿੰਡ', 'ਮਾਹੀ', 'ਸੋਹਣੀ', 'ਰਾਤ', 'ਚੰਨ', 'ਨੱਚਣਾ', 'ਸੁਪਨੇ'],
    romanWords: ['Jatt', 'Yaar', 'Gaddi', 'Pind', 'Mahi', 'Sohni', 'Brown', 'Munde', 'Kudi', 'Nachna', 'Laung', 'Gabru', 'Vibe', 'Desi', 'Ranjha'],
    genres: ['punjabi pop', 'bhangra', 'punjabi hip hop'],
  },
  {
    code: 'es', share: 0.08,
    given: ['Lucía', 'Mateo', 'Valentina', 'Santiago', 'Camila', 'Diego', 'Sofía', 'Joaquín'],
    family: ['García', 'Fernández', 'López', 'Martínez', 'Rojas', 'Núñez', 'Peña'],
    words: ['Corazón', 'Noche', 'Fuego', 'Luna', 'Baila', 'Amor', 'Camino', 'Sol', 'Mar', 'Cielo', 'Sueño', 'Ritmo'],
    genres: ['latin pop', 'reggaeton', 'salsa'],
  },
  {
    code: 'ja', share: 0.05,
    given: ['ゆき', 'はると', 'さくら', '蓮', '葵', '陽翔'],
    family: ['田中', '佐藤', '鈴木', '高橋', '山本'],
    words: ['夜', '桜', '夢', '星', '東京', '風', '光', '雨', '心', '空', 'メロディー', 'サイダー'],
    genres: ['j-pop', 'city pop', 'anime'],
  },
  {
    code: 'ko', share: 0.05,
    given: ['민준', '서연', '지호', '하은', '도윤', '수아'],
    family: ['김', '이', '박', '최', '정'],
    words: ['사랑', '밤', '별', '꿈', '바다', '하늘', '노래', '봄', '너', '우리', '여름'],
    genres: ['k-pop', 'k-indie', 'k-r&b'],
  },
  {
    code: 'ru', share: 0.04,
    given: ['Дмитрий', 'Анна', 'Иван', 'Мария', 'Алексей'],
    family: ['Волков', 'Смирнова', 'Орлов', 'Лебедева'],
    words: ['Ночь', 'Звезда', 'Любовь', 'Город', 'Ветер', 'Небо', 'Сердце', 'Дорога'],
    genres: ['russian pop', 'russian rock'],
  },
  {
    code: 'ar', share: 0.03,
    given: ['ليلى', 'عمر', 'نور', 'يوسف'],
    family: ['حسن', 'خليل', 'منصور'],
    words: ['حب', 'ليل', 'قمر', 'بحر', 'قلب', 'سماء', 'نور', 'حلم'],
    genres: ['arabic pop', 'khaleeji'],
  },
  {
    code: 'fr', share: 0.05,
    given: ['Chloé', 'Hugo', 'Léa', 'Jules', 'Inès', 'Théo'],
    family: ['Dubois', 'Lefèvre', 'Moreau', 'Girard', 'Bonnet'],
    words: ['Nuit', 'Cœur', 'Étoile', 'Rêve', 'Ciel', 'Amour', 'Lumière', 'Chanson', 'Été', 'Paris'],
    genres: ['chanson', 'french pop', 'french hip hop'],
  },
  {
    code: 'pt', share: 0.04,
    given: ['João', 'Beatriz', 'Gabriel', 'Larissa', 'Thiago'],
    family: ['Silva', 'Costa', 'Oliveira', 'Souza', 'Araújo'],
    words: ['Saudade', 'Coração', 'Mar', 'Noite', 'Sol', 'Vida', 'Estrela', 'Samba', 'Brisa'],
    genres: ['mpb', 'bossa nova', 'sertanejo'],
  },
];

export function pickLanguage(random: Random): Language {
  let r = random();
  for (const language of LANGUAGES) {
    r -= language.share;
    if (r <= 0) return language;
  }
  return LANGUAGES[0]!;
}

function titleWords(random: Random, language: Language): string[] {
  return language.romanWords && random() < 0.5 ? language.romanWords : language.words;
}

/** A person's name or a band name in the language's usual script. */
export function artistName(random: Random, language: Language): string {
  const r = random();
  if (r < 0.6) {
    const given = pick(random, language.given);
    // Keep a person's name in one script, and in the order the language writes it.
    const latin = /^[\p{Script=Latin}\s]+$/u.test(given);
    const families = language.family.filter((f) => /^[\p{Script=Latin}\s]+$/u.test(f) === latin);
    const family = pick(random, families.length > 0 ? families : language.family);
    if (language.code === 'ko') return `${family}${given}`;
    if (language.code === 'ja') return `${family} ${given}`;
    return `${given} ${family}`;
  }
  if (r < 0.8) {
    const words = titleWords(random, language);
    return language.code === 'en' ? `The ${pick(random, words)} ${pick(random, ['Club', 'Kids', 'Society', 'Union', 'Machines'])}` : `${pick(random, words)} ${pick(random, words)}`;
  }
  return pick(random, language.given);
}

/** A song or album title of one to three words. */
export function title(random: Random, language: Language): string {
  const words = titleWords(random, language);
  const count = 1 + Math.floor(random() * 3);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(pick(random, words));
  return [...new Set(parts)].join(' ');
}
