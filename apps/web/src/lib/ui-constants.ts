import type { Category, Role } from '@kaksha/contracts';

/** Presentation constants of the web app (the server knows nothing of them). */

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
/** How a role is written everywhere in the interface. */
export const ROLE_LABELS: Record<Role, string> = { student: 'Student', educator: 'Educator' };
export const POPULAR_COURSES_ON_HOME = 6;
export const REVIEWS_ON_HOME = 6;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHART_HEIGHT = 300;
