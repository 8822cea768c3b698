/**
 * Demo Q&A (issue #30): a few questions on the demo courses, asked by learners enrolled in them
 * at a moment of a lecture, most answered by the course's educator, one featured, a couple still
 * waiting in the educator's inbox. Keys are DEMO_USERS' and DEMO_COURSES'; `lecture` is the
 * lecture's index in its course, `at` the second of it.
 */
export interface DemoQuestion {
  course: string;
  user: string;
  lecture: number | null;
  at: number | null;
  title: string;
  body: string;
  daysAgo: number;
  featured?: boolean;
  answers: { user: string; body: string; hoursLater: number; accepted?: boolean }[];
  voters: string[];
}

export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    course: 'html-css-js-foundations',
    user: 'priya',
    lecture: 2,
    at: 42,
    title: 'How do I center a div both ways with flexbox?',
    body: 'I tried `margin: auto` but the box only centers horizontally.\n\nMy CSS:\n```\n.parent { display: flex; }\n```',
    daysAgo: 6,
    featured: true,
    answers: [
      {
        user: 'ananya',
        body: 'Give the parent a height and both alignments:\n```\n.parent {\n  display: flex;\n  justify-content: center;\n  align-items: center;\n  min-height: 100vh;\n}\n```\njustify-content works along the main axis, align-items across it.',
        hoursLater: 3,
        accepted: true,
      },
      { user: 'sneha', body: '`place-items: center` on a grid parent does the same in one line.', hoursLater: 20 },
    ],
    voters: ['sneha'],
  },
  {
    course: 'html-css-js-foundations',
    user: 'sneha',
    lecture: 3,
    at: 95,
    title: 'addEventListener or onclick: which one should I use?',
    body: 'Both seem to work for my button. Is one of them better?',
    daysAgo: 4,
    answers: [
      {
        user: 'ananya',
        body: 'Prefer addEventListener: an element can have several listeners, and it keeps JavaScript out of your HTML. onclick holds one handler, and setting it again replaces the first.',
        hoursLater: 5,
      },
    ],
    voters: ['priya'],
  },
  {
    course: 'mern-stack-bootcamp',
    user: 'priya',
    lecture: 1,
    at: 310,
    title: 'MongoServerSelectionError: connect ECONNREFUSED 127.0.0.1:27017',
    body: 'The server crashes at start with this error. I am using the Atlas connection string from the video.',
    daysAgo: 1,
    answers: [],
    voters: [],
  },
  {
    course: 'sql-for-data-analytics',
    user: 'aditya',
    lecture: 3,
    at: 128,
    title: 'What is the difference between RANK and DENSE_RANK?',
    body: 'Both give the same numbers on my sales table until two rows tie.',
    daysAgo: 5,
    answers: [
      {
        user: 'rohan',
        body: 'After a tie RANK skips numbers (1, 2, 2, 4) and DENSE_RANK does not (1, 2, 2, 3). For "top 3 products" with ties, DENSE_RANK is usually what you want.',
        hoursLater: 2,
        accepted: true,
      },
    ],
    voters: [],
  },
  {
    course: 'ml-python-foundations',
    user: 'rahul',
    lecture: 1,
    at: 240,
    title: 'Why scale features before logistic regression?',
    body: 'My accuracy barely changed with StandardScaler. When does scaling matter?',
    daysAgo: 3,
    answers: [
      {
        user: 'rohan',
        body: 'Scaling matters for the solver and for regularisation: with C < 1 a feature on a large scale is penalised less than one on a small scale. Accuracy may not move, but the coefficients become comparable.',
        hoursLater: 8,
      },
    ],
    voters: [],
  },
  {
    course: 'ml-python-foundations',
    user: 'rahul',
    lecture: 3,
    at: 61,
    title: 'train_test_split mein random_state kyu dete hain?',
    body: 'Har baar alag accuracy aati hai bina random_state ke. Kya fixed value dena zaroori hai?',
    daysAgo: 0,
    answers: [],
    voters: [],
  },
  {
    course: 'web-app-pentesting',
    user: 'rahul',
    lecture: 0,
    at: 180,
    title: 'Is Burp Suite Community Edition enough for the labs?',
    body: 'Professional is expensive for a student.',
    daysAgo: 2,
    answers: [
      {
        user: 'vikram',
        body: 'Yes. Every lab in this course works with Community; Intruder is slower there, so the brute-force lab uses a small word list.',
        hoursLater: 1,
        accepted: true,
      },
    ],
    voters: [],
  },
];
