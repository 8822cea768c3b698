/** The fixed course categories, in the order the catalogue's filter sidebar lists them (spec §2). */
export const CATEGORIES = [
  'App Development',
  'AI/ML',
  'AI Tools',
  'Data Science',
  'Data Analytics',
  'Ethical Hacking',
  'UI UX Designing',
  'Web Development',
  'Others',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Category tiles on the landing page, in the spec's order (§1). */
export const LANDING_CATEGORIES: readonly Category[] = [
  'Web Development',
  'UI UX Designing',
  'App Development',
  'Ethical Hacking',
  'AI/ML',
  'Data Science',
  'Data Analytics',
  'AI Tools',
];

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const ROLES = ['student', 'educator'] as const;
export type Role = (typeof ROLES)[number];
/** How a role is written everywhere in the interface. */
export const ROLE_LABELS: Record<Role, string> = { student: 'Student', educator: 'Educator' };

export const CURRENCY = 'INR';
/** Highest course price we accept, in whole rupees. */
export const MAX_PRICE_INR = 500_000;
export const POPULAR_COURSES_ON_HOME = 6;
export const REVIEWS_ON_HOME = 6;
export const OTP_LENGTH = 4;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHART_HEIGHT = 300;
export const CHART_LABEL_MAX = 10;
