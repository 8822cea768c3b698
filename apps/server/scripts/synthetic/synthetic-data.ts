/**
 * Word lists and the deterministic course generator of the synthetic-scale seeder
 * (synthetic.ts). Pure data and pure functions: the same seed and index always give the same
 * course, whatever the batch size, so benchmark databases can be rebuilt identically.
 */
import { createHash } from 'node:crypto';
import type { Category, CourseLanguage, Level } from '@kaksha/contracts';

interface Vocabulary {
  /** Tools and subjects a course is about. */
  topics: string[];
  /** What learners build or analyse. */
  things: string[];
  /** Skills, which also become lecture titles. */
  skills: string[];
}

export const VOCABULARY: Record<Category, Vocabulary> = {
  'App Development': {
    topics: [
      'Flutter',
      'Kotlin',
      'Swift',
      'SwiftUI',
      'React Native',
      'Jetpack Compose',
      'Ionic',
      '.NET MAUI',
      'Firebase',
      'Expo',
      'Android',
      'iOS',
    ],
    things: [
      'a to-do app',
      'a chat app',
      'a fitness tracker',
      'an expense manager',
      'a food delivery app',
      'a weather app',
      'a habit tracker',
      'a ride booking app',
      'a music player',
    ],
    skills: [
      'navigation',
      'state management',
      'offline storage',
      'push notifications',
      'animations',
      'testing',
      'publishing to the stores',
      'REST APIs',
      'authentication',
      'camera and location',
      'in-app payments',
      'accessibility',
    ],
  },
  'AI/ML': {
    topics: [
      'machine learning',
      'deep learning',
      'TensorFlow',
      'PyTorch',
      'scikit-learn',
      'computer vision',
      'NLP',
      'transformers',
      'reinforcement learning',
      'LLMs',
      'RAG',
      'MLOps',
    ],
    things: [
      'a spam classifier',
      'an image classifier',
      'a price predictor',
      'a recommendation engine',
      'a sentiment model',
      'a chatbot',
      'a document search engine',
      'a fraud detector',
    ],
    skills: [
      'regression',
      'classification',
      'neural networks',
      'model evaluation',
      'feature engineering',
      'transfer learning',
      'hyperparameter tuning',
      'model deployment',
      'embeddings',
      'fine-tuning',
      'vector databases',
      'experiment tracking',
    ],
  },
  'AI Tools': {
    topics: [
      'ChatGPT',
      'Gemini',
      'GitHub Copilot',
      'Midjourney',
      'Canva AI',
      'Notion AI',
      'Zapier',
      'Perplexity',
      'Claude',
      'Microsoft Copilot',
    ],
    things: [
      'emails and reports',
      'social media posts',
      'presentations',
      'marketing copy',
      'study notes',
      'images and thumbnails',
      'spreadsheets',
      'customer support replies',
    ],
    skills: [
      'prompt writing',
      'summarising documents',
      'workflow automation',
      'image prompts',
      'research workflows',
      'content planning',
      'checking AI output',
      'custom assistants',
      'data privacy',
    ],
  },
  'Data Science': {
    topics: [
      'Python',
      'pandas',
      'NumPy',
      'statistics',
      'R',
      'Jupyter',
      'PySpark',
      'time series',
      'data visualisation',
      'Bayesian statistics',
    ],
    things: [
      'sales data',
      'survey results',
      'customer churn',
      'housing prices',
      'web traffic',
      'health records',
      'cricket statistics',
      'stock prices',
    ],
    skills: [
      'data cleaning',
      'exploratory analysis',
      'hypothesis testing',
      'regression',
      'visualisation',
      'feature engineering',
      'forecasting',
      'reporting',
      'sampling',
      'A/B testing',
    ],
  },
  'Data Analytics': {
    topics: ['Excel', 'SQL', 'Power BI', 'Tableau', 'Google Sheets', 'Looker Studio', 'Google Analytics', 'PostgreSQL'],
    things: [
      'sales dashboards',
      'marketing reports',
      'HR metrics',
      'finance reports',
      'inventory data',
      'customer segments',
      'e-commerce funnels',
    ],
    skills: [
      'pivot tables',
      'lookups',
      'joins',
      'aggregations',
      'DAX measures',
      'calculated fields',
      'dashboards',
      'data storytelling',
      'data cleaning',
      'window functions',
    ],
  },
  'Ethical Hacking': {
    topics: [
      'Kali Linux',
      'Metasploit',
      'Burp Suite',
      'Nmap',
      'Wireshark',
      'web application security',
      'network security',
      'bug bounty',
      'digital forensics',
      'cloud security',
    ],
    things: [
      'vulnerable web apps',
      'a home lab',
      'corporate networks',
      'Wi-Fi networks',
      'Linux servers',
      'Windows machines',
      'APIs',
    ],
    skills: [
      'reconnaissance',
      'scanning',
      'exploitation',
      'privilege escalation',
      'SQL injection',
      'cross-site scripting',
      'password attacks',
      'reporting',
      'hardening',
      'incident response',
    ],
  },
  'UI UX Designing': {
    topics: [
      'Figma',
      'Adobe XD',
      'UX research',
      'UI design',
      'prototyping',
      'design systems',
      'usability testing',
      'wireframing',
      'interaction design',
    ],
    things: [
      'a banking app',
      'an e-commerce site',
      'a travel app',
      'a SaaS dashboard',
      'a food ordering app',
      'a landing page',
      'a portfolio case study',
    ],
    skills: [
      'user interviews',
      'personas',
      'wireframes',
      'visual hierarchy',
      'typography',
      'colour',
      'components',
      'interactive prototypes',
      'handoff to developers',
      'auto layout',
    ],
  },
  'Web Development': {
    topics: [
      'HTML and CSS',
      'JavaScript',
      'TypeScript',
      'React',
      'Vue',
      'Angular',
      'Node.js',
      'Express',
      'Django',
      'Laravel',
      'Next.js',
      'Tailwind CSS',
      'Svelte',
      'GraphQL',
    ],
    things: [
      'a portfolio website',
      'a blog platform',
      'an online store',
      'a job board',
      'a REST API',
      'an admin dashboard',
      'a booking system',
      'a real-time chat',
    ],
    skills: [
      'routing',
      'forms and validation',
      'authentication',
      'databases',
      'responsive layouts',
      'deployment',
      'performance',
      'testing',
      'REST APIs',
      'state management',
      'server-side rendering',
      'caching',
    ],
  },
  Others: {
    topics: [
      'personal finance',
      'public speaking',
      'photography',
      'guitar',
      'Canva',
      'spoken English',
      'video editing',
      'digital marketing',
      'productivity',
      'stock market investing',
      'interview preparation',
    ],
    things: [
      'your career',
      'your small business',
      'your savings',
      'your social media',
      'your daily routine',
      'your job search',
      'your first portfolio',
    ],
    skills: [
      'planning',
      'practice routines',
      'common mistakes',
      'tools and setup',
      'confidence',
      'real-world projects',
      'feedback',
      'habits',
      'budgeting',
      'storytelling',
    ],
  },
};

const CATEGORY_NAMES = Object.keys(VOCABULARY) as Category[];
/** Shares of the catalogue per category (the big tech categories dominate, as on real marketplaces). */
const CATEGORY_WEIGHTS = [12, 11, 9, 10, 10, 8, 9, 18, 13];
const LEVEL_NAMES: Level[] = ['Beginner', 'Intermediate', 'Advanced'];
const LEVEL_WEIGHTS = [50, 35, 15];
/** Most courses in English, a good share in Hindi, a few in each other Indian language (issue #29). */
const LANGUAGE_NAMES: CourseLanguage[] = ['en', 'hi', 'ta', 'te', 'bn', 'mr', 'kn', 'ml', 'gu', 'pa', 'ur', 'or', 'as'];
const LANGUAGE_WEIGHTS = [70, 15, 3, 2.5, 2, 2, 1.5, 1.5, 1, 0.6, 0.4, 0.3, 0.2];
const PRICES = [199, 299, 399, 449, 499, 599, 699, 799, 999, 1199, 1299, 1499, 1999, 2499, 2999, 3499, 4999, 7999];
const PRICE_WEIGHTS = [6, 8, 10, 8, 14, 8, 7, 8, 10, 4, 5, 5, 3, 2, 1, 0.5, 0.4, 0.1];

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A deterministic UUID: md5 of "<seed>:<kind>:<n>" read as a uuid. The SQL side computes the
 * same value with `md5(...)::uuid`, so users and courses refer to each other without lookups.
 */
export const syntheticId = (seed: number, kind: string, n: number) => {
  const h = createHash('md5').update(`${seed}:${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) =>
  s
    .split(' ')
    .map((w) => (/^(and|or|of|for|a|an|the|to|in|with)$/.test(w) ? w : cap(w)))
    .join(' ');

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]) => list[Math.floor(r() * list.length)];
function weighted<T>(r: Rand, list: readonly T[], weights: readonly number[]) {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < list.length; i++) {
    x -= weights[i];
    if (x < 0) return list[i];
  }
  return list[list.length - 1];
}
function sample<T>(r: Rand, list: readonly T[], n: number) {
  const a = list.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

type Parts = { topic: string; other: string; thing: string; skills: string[]; level: Level; year: number };
const TITLES: ((p: Parts) => string)[] = [
  (p) =>
    `${titleCase(p.topic)} for ${p.level === 'Beginner' ? 'Beginners' : p.level === 'Advanced' ? 'Professionals' : 'Working Developers'}`,
  (p) => `${titleCase(p.topic)} Bootcamp: Build ${titleCase(p.thing)}`,
  (p) => `Mastering ${titleCase(p.topic)}: ${titleCase(p.skills[0])} and ${titleCase(p.skills[1])}`,
  (p) => `${titleCase(p.topic)} in 30 Days`,
  (p) => `Practical ${titleCase(p.topic)} Projects`,
  (p) => `${titleCase(p.topic)} Crash Course ${p.year}`,
  (p) => `The Complete ${titleCase(p.topic)} Guide`,
  (p) => `Hands-On ${titleCase(p.topic)}: ${titleCase(p.thing)} from Scratch`,
  (p) => `${titleCase(p.topic)} and ${titleCase(p.other)}: A Practical Course`,
  (p) => `Learn ${titleCase(p.topic)} by Building ${titleCase(p.thing)}`,
  (p) => `${p.level} ${titleCase(p.topic)}: ${titleCase(p.skills[0])}`,
  (p) => `${titleCase(p.topic)} Masterclass (${p.year} Edition)`,
];
const SUBTITLES: ((p: Parts) => string)[] = [
  (p) => `Learn ${p.skills[0]}, ${p.skills[1]} and ${p.skills[2]} step by step`,
  (p) => `Work on ${p.thing} while you learn ${p.topic}`,
  (p) => `A project-based course on ${p.topic} and ${p.skills[0]}`,
  (p) => `Everything you need to get productive with ${p.topic}`,
  (p) => `From first steps to ${p.skills[2]}, with ${p.other} along the way`,
];
const OPENERS: ((p: Parts) => string)[] = [
  (p) => `This course teaches ${p.topic} through ${p.thing}.`,
  (p) => `A ${p.level.toLowerCase()}-level course on ${p.topic}, built around ${p.thing}.`,
  (p) => `Learn ${p.topic} the practical way, with short lessons and exercises.`,
  (p) => `If you have wanted to use ${p.topic} at work, this is where to start.`,
];
const MIDDLES: ((p: Parts) => string)[] = [
  (p) =>
    `You will cover ${p.skills[0]}, ${p.skills[1]} and ${p.skills[2]}, with a small assignment after each section.`,
  (p) =>
    `Topics include ${p.skills[0]} and ${p.skills[1]}, and you finish by applying ${p.skills[2]} to a complete project.`,
  (p) => `Each module focuses on one skill, from ${p.skills[0]} to ${p.skills[3] ?? p.skills[2]}.`,
  (p) => `We also look at how ${p.topic} works with ${p.other}, and at the mistakes people make most often.`,
];
const CLOSERS: Record<Level, string[]> = {
  Beginner: [
    'No prior experience is needed.',
    'Ideal as a first course on the subject.',
    'All you need is a laptop and curiosity.',
  ],
  Intermediate: [
    'Some basic experience is assumed.',
    'Best after an introductory course.',
    'You should be comfortable with the basics.',
  ],
  Advanced: [
    'Aimed at learners who already use these skills at work.',
    'Expect fast pacing and in-depth material.',
    'Comes with code reviews of real projects.',
  ],
};

export interface SyntheticCourse {
  title: string;
  subTitle: string;
  description: string;
  category: Category;
  /** null only on some drafts, as an educator may leave it unset. */
  level: Level | null;
  /** The language it is taught in (its texts stay English: a Hindi course with an English title is common). */
  language: CourseLanguage;
  /** Whole rupees, 0 = free; null only on some drafts. */
  price: number | null;
  isPublished: boolean;
  lectures: string[];
}

/** Course number `i` of the catalogue made with `seed`. About 8 % are drafts. */
export function syntheticCourse(seed: number, i: number): SyntheticCourse {
  const r = prng((seed * 2654435761 + i * 40503) >>> 0);
  r();
  const category = weighted(r, CATEGORY_NAMES, CATEGORY_WEIGHTS);
  const v = VOCABULARY[category];
  const level = weighted(r, LEVEL_NAMES, LEVEL_WEIGHTS);
  const [topic, other] = sample(r, v.topics, 2);
  const parts: Parts = {
    topic,
    other,
    thing: pick(r, v.things),
    skills: sample(r, v.skills, 8),
    level,
    year: 2023 + Math.floor(r() * 4),
  };
  const price = r() < 0.12 ? 0 : weighted(r, PRICES, PRICE_WEIGHTS);
  const isPublished = r() >= 0.08;
  const incomplete = !isPublished && r() < 0.5;
  const sentences = [pick(r, OPENERS)(parts), pick(r, MIDDLES)(parts)];
  if (r() < 0.6) sentences.push(pick(r, MIDDLES)(parts));
  if (r() < 0.8) sentences.push(pick(r, CLOSERS[level]));
  const lectureCount = incomplete ? Math.floor(r() * 3) : 3 + Math.floor(r() * 10);
  const lectures = [
    `Introduction to ${parts.topic}`,
    ...parts.skills.map((s) => cap(s)),
    `Project: ${cap(parts.thing)}`,
    'Wrapping up and next steps',
  ].slice(0, lectureCount);
  const course = {
    title: pick(r, TITLES)(parts).slice(0, 120),
    subTitle: pick(r, SUBTITLES)(parts),
    description: sentences.join(' '),
    category,
    level: incomplete && r() < 0.5 ? null : level,
    price: incomplete && r() < 0.5 ? null : price,
    isPublished,
    lectures,
  };
  // Drawn last, so that a seed's texts and facts stay what they were before courses had a language.
  return { ...course, language: weighted(r, LANGUAGE_NAMES, LANGUAGE_WEIGHTS) };
}

export const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Bhavna',
  'Deepak',
  'Divya',
  'Farhan',
  'Gaurav',
  'Harini',
  'Ishaan',
  'Jaya',
  'Kabir',
  'Kavya',
  'Lakshmi',
  'Manish',
  'Meera',
  'Nikhil',
  'Nisha',
  'Omkar',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Ritika',
  'Rohan',
  'Sana',
  'Sanjay',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Tanvi',
  'Tarun',
  'Uma',
  'Varun',
  'Vidya',
  'Vikram',
  'Yash',
  'Zoya',
];
export const LAST_NAMES = [
  'Agarwal',
  'Banerjee',
  'Bhat',
  'Chatterjee',
  'Das',
  'Desai',
  'Fernandes',
  'Ghosh',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Menon',
  'Mishra',
  'Nair',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Shah',
  'Sharma',
  'Singh',
  'Sinha',
  'Thomas',
  'Verma',
];

/** Review phrases by sentiment; a comment is two of them, so there are hundreds of distinct comments. */
export const REVIEW_PHRASES = {
  good: [
    'Clear explanations and well-paced lessons.',
    'The projects made everything click for me.',
    'Exactly what I needed to get started at work.',
    'The instructor answers questions quickly.',
    'Worth every rupee.',
    'I finally understand the fundamentals.',
    'Great mix of theory and practice.',
    'The exercises after each section really help.',
    'I used what I learned in an interview the next week.',
    'Short videos that respect my time.',
    'Best course on the subject I have taken.',
    'Loved the real-world examples.',
  ],
  mixed: [
    'Good content, but some lectures are too long.',
    'Useful overall; the audio could be better.',
    'Solid basics, though the last section felt rushed.',
    'A few examples are outdated, the rest is fine.',
    'Decent course, I expected more projects.',
    'Some parts were too easy for me.',
    'It would help to have the slides as a download.',
  ],
  bad: [
    'Too fast for a beginner course.',
    'Most of it is available for free elsewhere.',
    'The code did not work with the current version.',
    'Not what the description promised.',
    'Hard to follow without more examples.',
    'The instructor skips important steps.',
  ],
};
