import {
  type Category,
  type CourseLanguage,
  GST_STATES,
  type GstStateCode,
  LANGUAGES,
  type Level,
  type UserRole,
} from '@kaksha/contracts';
import { currentLocale, DEFAULT_LOCALE, hasMessage, type MessageKey, translate } from '@/i18n';

/**
 * The fixed values the API speaks in English (categories, levels, roles) as the interface names
 * them, in its language: their keys in the catalogues. The values themselves never change.
 */
export const CATEGORY_KEYS: Record<Category, MessageKey> = {
  'App Development': 'categories.appDevelopment',
  'AI/ML': 'categories.aiMl',
  'AI Tools': 'categories.aiTools',
  'Data Science': 'categories.dataScience',
  'Data Analytics': 'categories.dataAnalytics',
  'Ethical Hacking': 'categories.ethicalHacking',
  'UI UX Designing': 'categories.uiUxDesigning',
  'Web Development': 'categories.webDevelopment',
  Others: 'categories.others',
};

export const LEVEL_KEYS: Record<Level, MessageKey> = {
  Beginner: 'levels.beginner',
  Intermediate: 'levels.intermediate',
  Advanced: 'levels.advanced',
};

export const ROLE_KEYS: Record<UserRole, MessageKey> = {
  student: 'roles.student',
  educator: 'roles.educator',
  admin: 'roles.admin',
};

export const categoryName = (category: Category) => translate(CATEGORY_KEYS[category]);
export const levelName = (level: Level) => translate(LEVEL_KEYS[level]);
/** A role as the interface writes it; one it does not know (a newer server's) as it is. */
export const roleName = (role: string) => (role in ROLE_KEYS ? translate(ROLE_KEYS[role as UserRole]) : role);

/** A state of India (its GST code) by its name in the interface's language; a code the catalogues lack by contracts' name. */
export function stateName(code: GstStateCode) {
  const key = `states.s${code}`;
  return hasMessage(key) ? translate(key) : GST_STATES[code];
}

/** A language's name in the interface's language: Hindi is "Hindi" in English, "हिन्दी" in Hindi, Tamil "तमिल". */
export function languageNameHere(code: CourseLanguage) {
  // English names are the product's own (contracts' LANGUAGES); other languages name them as Intl does.
  if (currentLocale() === DEFAULT_LOCALE) return LANGUAGES[code].english;
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
