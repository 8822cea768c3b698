/**
 * Demo content for a fresh Kaksha install: users, courses with lectures, enrolments and reviews
 * (sections, quizzes and a finished course with its certificate: demo-learning.ts).
 * Pure data; the seeding logic lives elsewhere. Media files named here are under
 * `apps/server/seed-media/{avatars,thumbnails,videos}` and are produced by
 * `scripts/generate-demo-media.mjs` (which imports this file; `--list` prints what it makes from it).
 *
 * Demo logins (all emails at kaksha.dev):
 *   educators  ananya@ / rohan@ / vikram@kaksha.dev           password Educator@123
 *   students   priya@ / aditya@ / sneha@ / rahul@kaksha.dev    password Student@123
 *   (sneha finished html-css-js-foundations and holds its certificate)
 * Four courses are taught in Hindi and written in Hindi (issue #29): their `language` is 'hi'.
 */
import type { Category, CourseLanguage, Level } from '@kaksha/contracts';

export interface DemoUser {
  /** Stable handle used by the other lists in this file. */
  key: string;
  name: string;
  email: string;
  password: string;
  role: 'student' | 'educator';
  description: string;
  /** File name in seed-media/avatars. */
  avatar?: string;
}

export interface DemoLecture {
  title: string;
  /** File name in seed-media/videos. */
  video: string;
  isPreviewFree: boolean;
}

export interface DemoCourse {
  key: string;
  /** DemoUser.key of an educator. */
  creator: string;
  title: string;
  subTitle: string;
  description: string;
  category: Category;
  level: Level;
  /** The language it is taught in; English when left out. */
  language?: CourseLanguage;
  /** Whole INR, 0 = free. */
  price: number;
  /** File name in seed-media/thumbnails. */
  thumbnail: string;
  isPublished: boolean;
  lectures: DemoLecture[];
}

export interface DemoEnrollment {
  /** DemoUser.key of a student. */
  user: string;
  /** DemoCourse.key of a published course. */
  course: string;
}

export interface DemoReview {
  user: string;
  course: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

/** Password of every demo educator. */
export const DEMO_EDUCATOR_PASSWORD = 'Educator@123';
/** Password of every demo student. */
export const DEMO_STUDENT_PASSWORD = 'Student@123';

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'ananya',
    name: 'Ananya Iyer',
    email: 'ananya@kaksha.dev',
    password: 'Educator@123',
    role: 'educator',
    description:
      'Full-stack engineer from Bengaluru with nine years of building products at fintech start-ups. I teach modern web, mobile and UI design by shipping real projects, one small step at a time.',
    avatar: 'ananya.jpg',
  },
  {
    key: 'rohan',
    name: 'Rohan Mehta',
    email: 'rohan@kaksha.dev',
    password: 'Educator@123',
    role: 'educator',
    description:
      'Data scientist and former analytics lead at a Mumbai e-commerce company, IIT Bombay alumnus. I love turning messy data into clear decisions and teaching machine learning from first principles.',
    avatar: 'rohan.jpg',
  },
  {
    key: 'vikram',
    name: 'Vikram Nair',
    email: 'vikram@kaksha.dev',
    password: 'Educator@123',
    role: 'educator',
    description:
      'OSCP-certified security consultant from Kochi who has run penetration tests for banks and public-sector portals. I also mentor freshers on interviews, communication and career growth.',
  },
  {
    key: 'priya',
    name: 'Priya Sharma',
    email: 'priya@kaksha.dev',
    password: 'Student@123',
    role: 'student',
    description:
      'Final-year B.Tech computer science student in Pune, preparing for campus placements and building a portfolio of web projects.',
    avatar: 'priya.jpg',
  },
  {
    key: 'aditya',
    name: 'Aditya Verma',
    email: 'aditya@kaksha.dev',
    password: 'Student@123',
    role: 'student',
    description: 'Commerce graduate from Lucknow working as an MIS executive, switching careers into data analytics.',
    avatar: 'aditya.jpg',
  },
  {
    key: 'sneha',
    name: 'Sneha Kulkarni',
    email: 'sneha@kaksha.dev',
    password: 'Student@123',
    role: 'student',
    description: 'Graphic designer from Nagpur learning UI/UX and a bit of front-end code to move into product design.',
  },
  {
    key: 'rahul',
    name: 'Rahul Gupta',
    email: 'rahul@kaksha.dev',
    password: 'Student@123',
    role: 'student',
    description:
      'Backend developer at an IT services company in Hyderabad, upskilling in machine learning and application security.',
  },
];

export const DEMO_COURSES: DemoCourse[] = [
  // ── Web Development ─────────────────────────────────────────────────────────
  {
    key: 'mern-stack-bootcamp',
    creator: 'ananya',
    title: 'Complete MERN Stack Bootcamp',
    subTitle: 'Build and deploy full-stack apps with MongoDB, Express, React and Node.js',
    description:
      'Go from a blank folder to a deployed full-stack application. You will design a REST API with Express and MongoDB, build a responsive React front end, add JWT authentication and payments, and ship everything to the cloud. Every module ends with a working feature you can add to your portfolio.',
    category: 'Web Development',
    level: 'Intermediate',
    price: 3499,
    thumbnail: 'mern-stack-bootcamp.jpg',
    isPublished: true,
    lectures: [
      { title: 'Course Overview and Project Demo', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Setting Up Node.js, Express and MongoDB Atlas', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Designing the REST API and Data Models', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'React Front End with Routing and Context', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'JWT Authentication and Protected Routes', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Deploying to Render and Vercel', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'html-css-js-foundations',
    creator: 'ananya',
    title: 'HTML, CSS and JavaScript for Absolute Beginners',
    subTitle: 'Your first step into web development, explained in simple language',
    description:
      'Never written a line of code? This free course starts from zero and teaches you how web pages are built. You will write semantic HTML, style it with modern CSS including Flexbox and Grid, and make it interactive with JavaScript. By the end you will have built and published your own personal portfolio page.',
    category: 'Web Development',
    level: 'Beginner',
    price: 0,
    thumbnail: 'html-css-js-foundations.jpg',
    isPublished: true,
    lectures: [
      { title: 'How the Web Works', video: 'lecture-03.mp4', isPreviewFree: true },
      { title: 'HTML Elements and Page Structure', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Styling with CSS, Flexbox and Grid', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'JavaScript Basics: Variables, Functions and Events', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Publishing Your Portfolio on GitHub Pages', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'nextjs-production',
    creator: 'ananya',
    title: 'Next.js in Production',
    subTitle: 'Server components, caching, SEO and deployment for real-world apps',
    description:
      'Learn how teams actually run Next.js at scale. We cover the App Router, server components and server actions, data caching strategies, image and font optimisation, and metadata for SEO. The course closes with monitoring, Core Web Vitals and a production deployment checklist.',
    category: 'Web Development',
    level: 'Advanced',
    price: 4499,
    thumbnail: 'nextjs-production.jpg',
    isPublished: true,
    lectures: [
      { title: 'App Router Architecture Explained', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Server Components and Server Actions', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Caching, Revalidation and Streaming', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'SEO, Metadata and Open Graph Images', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Core Web Vitals and Production Monitoring', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'typescript-for-react',
    creator: 'ananya',
    title: 'TypeScript for React Developers',
    subTitle: 'Write safer components, hooks and APIs with confidence',
    description:
      'Already comfortable with React? Add TypeScript and catch bugs before your users do. You will type props, state, hooks, context and API responses, and learn the generics and utility types that show up in every real codebase.',
    category: 'Web Development',
    level: 'Intermediate',
    price: 1999,
    thumbnail: 'typescript-for-react.jpg',
    isPublished: true,
    lectures: [
      { title: 'Why TypeScript? Setting Up a Vite Project', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Typing Props, State and Events', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Custom Hooks and Generics', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Typing API Calls with Zod', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  // ── UI UX Designing ─────────────────────────────────────────────────────────
  {
    key: 'figma-ui-design-masterclass',
    creator: 'ananya',
    title: 'Figma UI Design Masterclass',
    subTitle: 'From wireframes to interactive prototypes, step by step',
    description:
      'Master Figma by designing a complete food-delivery app. You will learn frames, auto layout, components and variants, colour and typography systems, and finish with a clickable prototype ready for developer hand-off.',
    category: 'UI UX Designing',
    level: 'Beginner',
    price: 1499,
    thumbnail: 'figma-ui-design-masterclass.jpg',
    isPublished: true,
    lectures: [
      { title: 'Getting Around the Figma Interface', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Wireframing the App Screens', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Auto Layout, Components and Variants', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Colour, Typography and Spacing Systems', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Prototyping and Developer Hand-off', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'ux-research-case-studies',
    creator: 'ananya',
    title: 'UX Research and Portfolio Case Studies',
    subTitle: 'Interview users, find insights and present your work like a product designer',
    description:
      'Good design starts with understanding people. This course teaches you to plan and run user interviews, build personas and journey maps, and test your ideas with usability studies. You will then turn the whole process into a portfolio case study that recruiters actually read.',
    category: 'UI UX Designing',
    level: 'Intermediate',
    price: 2499,
    thumbnail: 'ux-research-case-studies.jpg',
    isPublished: true,
    lectures: [
      { title: 'What UX Research Really Is', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Planning and Running User Interviews', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Personas, Journey Maps and Affinity Diagrams', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Usability Testing on a Budget', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Writing a Case Study for Your Portfolio', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'design-systems-at-scale',
    creator: 'ananya',
    title: 'Building Design Systems at Scale',
    subTitle: 'Tokens, component libraries and governance for growing product teams',
    description:
      'Learn how product companies keep hundreds of screens consistent. We cover design tokens, accessible component libraries in Figma, documentation, versioning and how to get designers and engineers to adopt the system.',
    category: 'UI UX Designing',
    level: 'Advanced',
    price: 3999,
    thumbnail: 'design-systems-at-scale.jpg',
    isPublished: false,
    lectures: [
      { title: 'Anatomy of a Design System', video: 'lecture-03.mp4', isPreviewFree: true },
      { title: 'Design Tokens and Theming', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Accessible Component Libraries', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  // ── App Development ─────────────────────────────────────────────────────────
  {
    key: 'flutter-zero-to-play-store',
    creator: 'ananya',
    title: 'Flutter from Zero to Play Store',
    subTitle: 'Build beautiful cross-platform apps with Dart and Flutter',
    description:
      'Build and publish your first mobile app with Flutter. You will learn Dart from scratch, compose layouts with widgets, manage state with Provider, talk to REST APIs and Firebase, and release a signed build on the Google Play Store.',
    category: 'App Development',
    level: 'Beginner',
    price: 2999,
    thumbnail: 'flutter-zero-to-play-store.jpg',
    isPublished: true,
    lectures: [
      { title: 'Installing Flutter and Your First App', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Dart Essentials for Flutter', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Layouts with Rows, Columns and Stacks', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'State Management with Provider', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Firebase Authentication and Firestore', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Publishing on the Google Play Store', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'react-native-expo',
    creator: 'vikram',
    title: 'React Native with Expo',
    subTitle: 'Ship Android and iOS apps from a single JavaScript codebase',
    description:
      'Use your React skills to build native mobile apps. This course covers Expo Router navigation, native device APIs such as the camera and location, offline storage and push notifications, and finishes with over-the-air updates and store builds using EAS.',
    category: 'App Development',
    level: 'Intermediate',
    price: 2799,
    thumbnail: 'react-native-expo.jpg',
    isPublished: true,
    lectures: [
      { title: 'Expo Setup and Project Structure', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Navigation with Expo Router', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Camera, Location and Device APIs', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Offline Storage and Push Notifications', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'android-kotlin-compose',
    creator: 'vikram',
    title: 'Android Development with Kotlin and Jetpack Compose',
    subTitle: 'Modern Android apps with Compose, MVVM, Room and Retrofit',
    description:
      'Build production-quality Android apps the way Google recommends today. You will write idiomatic Kotlin, design UIs with Jetpack Compose, structure the app with MVVM and Hilt, and persist data with Room while syncing from a REST API.',
    category: 'App Development',
    level: 'Intermediate',
    price: 3299,
    thumbnail: 'android-kotlin-compose.jpg',
    isPublished: true,
    lectures: [
      { title: 'Kotlin Crash Course for Android', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Building UIs with Jetpack Compose', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'MVVM Architecture and Hilt', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Room Database and Retrofit Networking', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Testing and Releasing Your App', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  // ── AI/ML ───────────────────────────────────────────────────────────────────
  {
    key: 'ml-python-foundations',
    creator: 'rohan',
    title: 'Machine Learning with Python',
    subTitle: 'Foundations to projects with scikit-learn',
    description:
      'Understand how machine learning works, not just how to call a library. You will build regression, classification and clustering models with scikit-learn, learn to evaluate them honestly, and complete three projects on Indian datasets including house prices and loan defaults.',
    category: 'AI/ML',
    level: 'Beginner',
    price: 2999,
    thumbnail: 'ml-python-foundations.jpg',
    isPublished: true,
    lectures: [
      { title: 'What Is Machine Learning?', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Linear and Logistic Regression', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Decision Trees and Random Forests', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Model Evaluation and Cross-Validation', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Project: Predicting Loan Defaults', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'deep-learning-pytorch',
    creator: 'rohan',
    title: 'Deep Learning with PyTorch',
    subTitle: 'Neural networks, CNNs and Transformers, built from the ground up',
    description:
      'Go beyond the basics and train your own deep learning models. You will implement neural networks in PyTorch, build CNNs for image classification, and understand attention and Transformers well enough to fine-tune them. GPU training tips and experiment tracking are included.',
    category: 'AI/ML',
    level: 'Advanced',
    price: 4999,
    thumbnail: 'deep-learning-pytorch.jpg',
    isPublished: true,
    lectures: [
      { title: 'Tensors, Autograd and the Training Loop', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Convolutional Neural Networks', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Sequence Models and Attention', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Transformers from Scratch', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Fine-tuning Pretrained Models', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Training on GPUs and Tracking Experiments', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'llm-apps-rag',
    creator: 'rohan',
    title: 'Build LLM Apps with RAG and LangChain',
    subTitle: 'Chatbots that answer from your own documents',
    description:
      'Learn to build reliable applications on top of large language models. You will chunk and embed documents, store them in a vector database, and build retrieval-augmented chatbots with LangChain. We also cover evaluation, guardrails and keeping API costs under control.',
    category: 'AI/ML',
    level: 'Advanced',
    price: 3999,
    thumbnail: 'llm-apps-rag.jpg',
    isPublished: true,
    lectures: [
      { title: 'How LLM Applications Are Built', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Embeddings and Vector Databases', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Retrieval-Augmented Generation with LangChain', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Evaluating and Guarding Your Chatbot', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  // ── AI Tools ────────────────────────────────────────────────────────────────
  {
    key: 'chatgpt-prompt-engineering',
    creator: 'rohan',
    title: 'ChatGPT and Prompt Engineering for Professionals',
    subTitle: 'Write better prompts and save hours every week',
    description:
      'A practical course for anyone who works with email, reports and spreadsheets. You will learn prompt patterns that give reliable results, use ChatGPT for research, writing and data analysis, and understand its limits so you never ship a confident mistake.',
    category: 'AI Tools',
    level: 'Beginner',
    price: 499,
    thumbnail: 'chatgpt-prompt-engineering.jpg',
    isPublished: true,
    lectures: [
      { title: 'How ChatGPT Works in Plain English', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Prompt Patterns That Work', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Writing Emails, Reports and Presentations', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Analysing Spreadsheets with ChatGPT', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'ai-tools-productivity',
    creator: 'vikram',
    title: 'AI Tools for Everyday Productivity',
    subTitle: 'Gemini, Notion AI, Copilot and more, for study and work',
    description:
      'A free, hands-on tour of the AI tools worth your time. Learn to summarise long documents, take smarter notes, create slides and images, and automate repetitive tasks, along with simple rules for using AI safely with personal and company data.',
    category: 'AI Tools',
    level: 'Beginner',
    price: 0,
    thumbnail: 'ai-tools-productivity.jpg',
    isPublished: true,
    lectures: [
      { title: 'The AI Tools Landscape in 2025', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Smarter Notes with Notion AI', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Slides and Images with Gemini', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Using AI Safely at Work', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'github-copilot-developers',
    creator: 'ananya',
    title: 'GitHub Copilot for Developers',
    subTitle: 'Code faster, write tests and review pull requests with AI',
    description:
      'Turn GitHub Copilot into a dependable pair programmer. You will learn how to steer completions with context, generate tests and documentation, refactor legacy code, and review AI-written code critically so quality goes up rather than down.',
    category: 'AI Tools',
    level: 'Intermediate',
    price: 999,
    thumbnail: 'github-copilot-developers.jpg',
    isPublished: true,
    lectures: [
      { title: 'Setting Up Copilot in VS Code', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Giving Copilot the Right Context', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Generating Tests and Documentation', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Reviewing AI-Written Code', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  // ── Data Science ────────────────────────────────────────────────────────────
  {
    key: 'data-science-python-bootcamp',
    creator: 'rohan',
    title: 'Data Science Bootcamp with Python',
    subTitle: 'Pandas, NumPy, Matplotlib and a real capstone project',
    description:
      'Learn the complete data science workflow using Python. You will clean and transform data with Pandas, compute with NumPy, visualise findings with Matplotlib and Seaborn, and present a capstone analysis of IPL match data from question to conclusion.',
    category: 'Data Science',
    level: 'Beginner',
    price: 2499,
    thumbnail: 'data-science-python-bootcamp.jpg',
    isPublished: true,
    lectures: [
      { title: 'Python and Jupyter Setup', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'NumPy Arrays and Vectorised Thinking', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Data Cleaning with Pandas', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Visualisation with Matplotlib and Seaborn', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Capstone: Analysing IPL Match Data', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'statistics-for-data-science',
    creator: 'rohan',
    title: 'Statistics and Probability for Data Science',
    subTitle: 'The maths behind the models, explained with Python',
    description:
      'Build the statistical intuition every data scientist needs. Covers distributions, sampling, confidence intervals, hypothesis testing and A/B tests, with every idea demonstrated in Python on real business data.',
    category: 'Data Science',
    level: 'Intermediate',
    price: 1799,
    thumbnail: 'statistics-for-data-science.jpg',
    isPublished: true,
    lectures: [
      { title: 'Descriptive Statistics Refresher', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Probability and Distributions', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Sampling and Confidence Intervals', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Hypothesis Testing and A/B Tests', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'time-series-forecasting',
    creator: 'rohan',
    title: 'Time Series Forecasting for Business',
    subTitle: 'ARIMA, Prophet and gradient boosting for demand planning',
    description:
      'Forecast sales, demand and traffic with confidence. You will learn classical ARIMA models, Facebook Prophet and feature-based machine learning approaches, and how to evaluate forecasts for festive-season spikes and other Indian retail patterns.',
    category: 'Data Science',
    level: 'Advanced',
    price: 3499,
    thumbnail: 'time-series-forecasting.jpg',
    isPublished: false,
    lectures: [
      { title: 'Trend, Seasonality and Stationarity', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'ARIMA and SARIMA Models', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Forecasting with Prophet', video: 'lecture-03.mp4', isPreviewFree: false },
    ],
  },
  // ── Data Analytics ──────────────────────────────────────────────────────────
  {
    key: 'excel-power-bi-analyst',
    creator: 'rohan',
    title: 'Excel and Power BI for Data Analysts',
    subTitle: 'From pivot tables to interactive dashboards',
    description:
      'The most requested skills in analyst job descriptions, in one course. You will master Excel formulas, pivot tables and Power Query, then model data and build interactive Power BI dashboards with DAX that managers love to use.',
    category: 'Data Analytics',
    level: 'Beginner',
    price: 1299,
    thumbnail: 'excel-power-bi-analyst.jpg',
    isPublished: true,
    lectures: [
      { title: 'Excel Formulas Every Analyst Uses', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'Pivot Tables and Power Query', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Data Modelling in Power BI', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'DAX Measures Made Simple', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Designing a Sales Dashboard', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'sql-for-data-analytics',
    creator: 'rohan',
    title: 'SQL for Data Analytics',
    subTitle: 'From SELECT to window functions with PostgreSQL',
    description:
      'Write the queries analysts run every day. Starting from SELECT and WHERE, you will progress through joins, aggregations, subqueries, CTEs and window functions, solving business questions on an e-commerce database. Includes interview-style practice problems.',
    category: 'Data Analytics',
    level: 'Intermediate',
    price: 999,
    thumbnail: 'sql-for-data-analytics.jpg',
    isPublished: true,
    lectures: [
      { title: 'Your First SQL Queries', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Joins and Aggregations', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Subqueries and CTEs', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Window Functions for Analysts', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Interview Practice Problems', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'tableau-dashboards',
    creator: 'rohan',
    title: 'Tableau Dashboards and Data Storytelling',
    subTitle: 'Turn numbers into stories that drive decisions',
    description:
      'Learn to design dashboards people actually understand. You will connect and shape data in Tableau, choose the right chart for every question, build calculated fields and parameters, and present insights as a clear story to stakeholders.',
    category: 'Data Analytics',
    level: 'Intermediate',
    price: 1599,
    thumbnail: 'tableau-dashboards.jpg',
    isPublished: true,
    lectures: [
      { title: 'Connecting and Shaping Data in Tableau', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Choosing the Right Chart', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Calculated Fields and Parameters', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Storytelling with Dashboards', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  // ── Ethical Hacking ─────────────────────────────────────────────────────────
  {
    key: 'ethical-hacking-from-scratch',
    creator: 'vikram',
    title: 'Ethical Hacking from Scratch',
    subTitle: 'Kali Linux, networking and your first penetration test',
    description:
      'Start your cyber security journey the right way. You will set up a safe home lab with Kali Linux, learn the networking fundamentals hackers rely on, scan and enumerate targets, and exploit practice machines, always within legal and ethical limits.',
    category: 'Ethical Hacking',
    level: 'Beginner',
    price: 1999,
    thumbnail: 'ethical-hacking-from-scratch.jpg',
    isPublished: true,
    lectures: [
      { title: 'Ethics, Law and Setting Up Your Lab', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Networking Fundamentals for Hackers', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Linux Command Line Essentials', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Scanning and Enumeration with Nmap', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Exploiting Your First Vulnerable Machine', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'web-app-pentesting',
    creator: 'vikram',
    title: 'Web Application Penetration Testing',
    subTitle: 'Hands-on OWASP Top 10 with Burp Suite',
    description:
      'Learn to test web applications the way professional pentesters do. Using Burp Suite and deliberately vulnerable labs, you will find and exploit SQL injection, XSS, broken access control and SSRF, then write a clear report with risk ratings and fixes.',
    category: 'Ethical Hacking',
    level: 'Advanced',
    price: 4499,
    thumbnail: 'web-app-pentesting.jpg',
    isPublished: true,
    lectures: [
      { title: 'Pentest Methodology and Burp Suite Setup', video: 'lecture-03.mp4', isPreviewFree: true },
      { title: 'SQL Injection in Depth', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Cross-Site Scripting and CSRF', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Broken Access Control and IDOR', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Server-Side Request Forgery', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Writing a Professional Pentest Report', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'bug-bounty-hunting',
    creator: 'vikram',
    title: 'Bug Bounty Hunting Masterclass',
    subTitle: 'Find, report and get paid for real vulnerabilities',
    description:
      'A practical roadmap to your first valid bug bounty report. Learn reconnaissance and subdomain enumeration, pick programmes wisely, hunt for high-impact bugs, and write reports that triage teams accept quickly.',
    category: 'Ethical Hacking',
    level: 'Intermediate',
    price: 2999,
    thumbnail: 'bug-bounty-hunting.jpg',
    isPublished: true,
    lectures: [
      { title: 'How Bug Bounty Programmes Work', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Recon and Subdomain Enumeration', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Hunting for High-Impact Bugs', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Writing Reports That Get Accepted', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  // ── Others ──────────────────────────────────────────────────────────────────
  {
    key: 'dsa-placement-prep',
    creator: 'vikram',
    title: 'Data Structures and Algorithms for Placements',
    subTitle: 'Crack coding rounds at product companies with Java and C++',
    description:
      'A structured plan for campus and off-campus coding interviews. Covers arrays, strings, linked lists, trees, graphs and dynamic programming, with patterns that make unfamiliar problems feel familiar. Each topic ends with curated practice problems from real interviews.',
    category: 'Others',
    level: 'Intermediate',
    price: 1499,
    thumbnail: 'dsa-placement-prep.jpg',
    isPublished: true,
    lectures: [
      { title: 'How to Prepare for Coding Rounds', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'Arrays, Strings and Two Pointers', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Linked Lists, Stacks and Queues', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Trees and Graphs', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Dynamic Programming Patterns', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'Mock Interview Walkthrough', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'communication-skills-it',
    creator: 'vikram',
    title: 'Communication Skills for IT Professionals',
    subTitle: 'Speak confidently in stand-ups, client calls and interviews',
    description:
      'Technical skills get you shortlisted; communication gets you hired and promoted. This course builds clear spoken English, structured answers for HR interviews, professional email writing and confident participation in meetings with global clients.',
    category: 'Others',
    level: 'Beginner',
    price: 399,
    thumbnail: 'communication-skills-it.jpg',
    isPublished: true,
    lectures: [
      { title: 'Overcoming the Fear of Speaking', video: 'lecture-03.mp4', isPreviewFree: true },
      { title: 'Answering HR Interview Questions', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Professional Email Writing', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'personal-finance-india',
    creator: 'vikram',
    title: 'Personal Finance for Young Professionals',
    subTitle: 'Budgeting, tax saving and investing in India, made simple',
    description:
      'Got your first salary? Learn what to do with it. We cover budgeting, emergency funds, health and term insurance, the new and old tax regimes, and long-term investing with mutual funds, SIPs, PPF and NPS.',
    category: 'Others',
    level: 'Beginner',
    price: 299,
    thumbnail: 'personal-finance-india.jpg',
    isPublished: true,
    lectures: [
      { title: 'Budgeting Your First Salary', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'Emergency Funds and Insurance', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Old vs New Tax Regime', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'Investing with SIPs, PPF and NPS', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },

  // ── Taught in Hindi (issue #29) ─────────────────────────────────────────────
  {
    key: 'python-shuruaat-hindi',
    creator: 'rohan',
    title: 'पायथन प्रोग्रामिंग: शुरुआत से',
    subTitle: 'आसान हिन्दी में कोडिंग सीखें — वेरिएबल से लेकर अपने पहले प्रोजेक्ट तक',
    description:
      'क्या आपने कभी कोड नहीं लिखा? यह मुफ़्त कोर्स बिल्कुल शुरुआत से पायथन सिखाता है, आसान हिन्दी में। आप वेरिएबल, शर्तें, लूप और फ़ंक्शन समझेंगे, लिस्ट और डिक्शनरी में डेटा रखना सीखेंगे, और फ़ाइलें पढ़ना-लिखना सीखेंगे। हर अध्याय के अंत में एक छोटा अभ्यास है, और आख़िर में आप एक ख़र्च-हिसाब ऐप बनाएँगे जिसे आप अपने पोर्टफ़ोलियो में दिखा सकते हैं।',
    category: 'Data Science',
    level: 'Beginner',
    language: 'hi',
    price: 0,
    thumbnail: 'python-shuruaat-hindi.jpg',
    isPublished: true,
    lectures: [
      { title: 'पायथन क्या है और इसे कैसे इंस्टॉल करें', video: 'lecture-03.mp4', isPreviewFree: true },
      { title: 'वेरिएबल, डेटा टाइप और इनपुट-आउटपुट', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'शर्तें और लूप: if, for और while', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'फ़ंक्शन बनाना और इस्तेमाल करना', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'लिस्ट, डिक्शनरी और फ़ाइलें', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'प्रोजेक्ट: ख़र्च-हिसाब ऐप', video: 'lecture-04.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'excel-data-analysis-hindi',
    creator: 'rohan',
    title: 'एक्सेल से डेटा एनालिसिस: शुरुआती लोगों के लिए',
    subTitle: 'फ़ॉर्मूला, पिवट टेबल और चार्ट से दफ़्तर का काम तेज़ी से करें',
    description:
      'दफ़्तर में हर दिन एक्सेल पर घंटों लगते हैं? इस कोर्स में आप ज़रूरी फ़ॉर्मूला (SUM, IF, VLOOKUP और XLOOKUP), डेटा की सफ़ाई, सॉर्ट और फ़िल्टर, पिवट टेबल और साफ़-सुथरे चार्ट बनाना सीखेंगे। सारे उदाहरण भारतीय कारोबार के डेटा जैसे हैं — बिक्री, जीएसटी और स्टॉक। कोर्स के अंत में आप एक पूरा सेल्स डैशबोर्ड ख़ुद बनाएँगे।',
    category: 'Data Analytics',
    level: 'Beginner',
    language: 'hi',
    price: 499,
    thumbnail: 'excel-data-analysis-hindi.jpg',
    isPublished: true,
    lectures: [
      { title: 'एक्सेल की बुनियाद: शीट, सेल और रेंज', video: 'lecture-02.mp4', isPreviewFree: true },
      { title: 'ज़रूरी फ़ॉर्मूला: SUM, IF और VLOOKUP', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'डेटा की सफ़ाई, सॉर्ट और फ़िल्टर', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'पिवट टेबल से रिपोर्ट बनाना', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'चार्ट और सेल्स डैशबोर्ड', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'web-development-hindi',
    creator: 'ananya',
    title: 'वेब डेवलपमेंट हिन्दी में: HTML, CSS और JavaScript',
    subTitle: 'अपनी पहली वेबसाइट बनाइए और उसे इंटरनेट पर लाइव कीजिए',
    description:
      'इस कोर्स में आप शून्य से वेब पेज बनाना सीखेंगे। HTML से पेज का ढाँचा, CSS से रंग, लेआउट और मोबाइल पर ठीक दिखने वाला डिज़ाइन (Flexbox और Grid), और JavaScript से बटन, फ़ॉर्म और छोटी-छोटी इंटरैक्टिव चीज़ें। आख़िर में आप अपनी पोर्टफ़ोलियो वेबसाइट GitHub Pages पर मुफ़्त में प्रकाशित करेंगे।',
    category: 'Web Development',
    level: 'Beginner',
    language: 'hi',
    price: 799,
    thumbnail: 'web-development-hindi.jpg',
    isPublished: true,
    lectures: [
      { title: 'वेब कैसे काम करता है', video: 'lecture-04.mp4', isPreviewFree: true },
      { title: 'HTML: पेज का ढाँचा', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'CSS: रंग, फ़ॉन्ट और लेआउट', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'Flexbox और Grid से रिस्पॉन्सिव डिज़ाइन', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'JavaScript की बुनियाद: इवेंट और DOM', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'GitHub Pages पर वेबसाइट प्रकाशित करना', video: 'lecture-01.mp4', isPreviewFree: false },
    ],
  },
  {
    key: 'cyber-security-hindi',
    creator: 'vikram',
    title: 'साइबर सुरक्षा और एथिकल हैकिंग की बुनियाद',
    subTitle: 'नेटवर्क, लिनक्स और आम हमलों को समझें — क़ानूनी और सुरक्षित तरीक़े से',
    description:
      'यह कोर्स उनके लिए है जो साइबर सुरक्षा में करियर बनाना चाहते हैं। आप नेटवर्क की बुनियाद, लिनक्स कमांड लाइन, Nmap से स्कैनिंग, पासवर्ड और फ़िशिंग हमले, और वेब ऐप्लिकेशन की आम कमज़ोरियाँ (OWASP Top 10) समझेंगे। हर प्रयोग आपकी अपनी लैब में होता है, और हर क़दम पर हम क़ानूनी सीमाओं और ज़िम्मेदार ख़ुलासे (responsible disclosure) की बात करते हैं।',
    category: 'Ethical Hacking',
    level: 'Beginner',
    language: 'hi',
    price: 1299,
    thumbnail: 'cyber-security-hindi.jpg',
    isPublished: true,
    lectures: [
      { title: 'साइबर सुरक्षा का परिचय और करियर', video: 'lecture-01.mp4', isPreviewFree: true },
      { title: 'नेटवर्क की बुनियाद: IP, पोर्ट और प्रोटोकॉल', video: 'lecture-02.mp4', isPreviewFree: false },
      { title: 'लिनक्स कमांड लाइन और अपनी लैब', video: 'lecture-03.mp4', isPreviewFree: false },
      { title: 'Nmap से नेटवर्क स्कैनिंग', video: 'lecture-04.mp4', isPreviewFree: false },
      { title: 'पासवर्ड हमले और फ़िशिंग से बचाव', video: 'lecture-01.mp4', isPreviewFree: false },
      { title: 'वेब ऐप की आम कमज़ोरियाँ: OWASP Top 10', video: 'lecture-02.mp4', isPreviewFree: false },
    ],
  },
];

/** Students only, published courses only. */
export const DEMO_ENROLLMENTS: DemoEnrollment[] = [
  { user: 'priya', course: 'html-css-js-foundations' },
  { user: 'priya', course: 'mern-stack-bootcamp' },
  { user: 'priya', course: 'typescript-for-react' },
  { user: 'priya', course: 'dsa-placement-prep' },
  { user: 'priya', course: 'figma-ui-design-masterclass' },

  { user: 'aditya', course: 'excel-power-bi-analyst' },
  { user: 'aditya', course: 'sql-for-data-analytics' },
  { user: 'aditya', course: 'data-science-python-bootcamp' },
  { user: 'aditya', course: 'chatgpt-prompt-engineering' },
  { user: 'aditya', course: 'tableau-dashboards' },
  { user: 'aditya', course: 'excel-data-analysis-hindi' },

  { user: 'sneha', course: 'figma-ui-design-masterclass' },
  { user: 'sneha', course: 'ux-research-case-studies' },
  { user: 'sneha', course: 'html-css-js-foundations' },
  { user: 'sneha', course: 'ai-tools-productivity' },
  { user: 'sneha', course: 'python-shuruaat-hindi' },

  { user: 'rahul', course: 'ml-python-foundations' },
  { user: 'rahul', course: 'llm-apps-rag' },
  { user: 'rahul', course: 'deep-learning-pytorch' },
  { user: 'rahul', course: 'web-app-pentesting' },
  { user: 'rahul', course: 'ethical-hacking-from-scratch' },
  { user: 'rahul', course: 'github-copilot-developers' },
];

/** One per student and course, only for courses the student is enrolled in. */
export const DEMO_REVIEWS: DemoReview[] = [
  {
    user: 'priya',
    course: 'mern-stack-bootcamp',
    rating: 5,
    comment:
      'Best full-stack course I have taken. I deployed my own project by the end and it helped me clear my first technical interview.',
  },
  {
    user: 'aditya',
    course: 'excel-power-bi-analyst',
    rating: 5,
    comment:
      'Very practical and easy to follow. I rebuilt our monthly MIS report as a Power BI dashboard and my manager loved it.',
  },
  {
    user: 'rahul',
    course: 'ml-python-foundations',
    rating: 5,
    comment:
      'Rohan sir explains the intuition before the code, which finally made machine learning click for me. The loan default project was excellent.',
  },
  {
    user: 'sneha',
    course: 'figma-ui-design-masterclass',
    rating: 5,
    comment:
      'Auto layout and variants were always confusing for me, now I use them every day. Perfect for designers moving into UI.',
  },
  {
    user: 'rahul',
    course: 'web-app-pentesting',
    rating: 5,
    comment:
      'Hands-on labs that feel like real engagements. The module on broken access control alone was worth the price.',
  },
  {
    user: 'priya',
    course: 'html-css-js-foundations',
    rating: 5,
    comment: 'Free and still better than many paid courses. Clear explanations in simple language.',
  },
  {
    user: 'aditya',
    course: 'sql-for-data-analytics',
    rating: 5,
    comment:
      'The window functions section was gold. I solved two SQL rounds in interviews thanks to the practice problems.',
  },
  {
    user: 'sneha',
    course: 'ux-research-case-studies',
    rating: 4,
    comment:
      'Great structure for writing case studies. I would have liked one more example of a usability test, but overall very useful.',
  },
  {
    user: 'rahul',
    course: 'llm-apps-rag',
    rating: 4,
    comment:
      'Solid introduction to RAG with good tips on evaluation. A few library versions have changed, so expect small fixes.',
  },
  {
    user: 'priya',
    course: 'dsa-placement-prep',
    rating: 4,
    comment:
      'The pattern-based approach really helps. Dynamic programming still needs more practice from my side, but the lectures are clear.',
  },
  {
    user: 'aditya',
    course: 'data-science-python-bootcamp',
    rating: 4,
    comment: 'Loved the IPL capstone project. Pandas finally makes sense to me.',
  },
  {
    user: 'aditya',
    course: 'chatgpt-prompt-engineering',
    rating: 3,
    comment: 'Useful prompt patterns, but some lessons felt basic if you already use ChatGPT daily.',
  },
  {
    user: 'sneha',
    course: 'ai-tools-productivity',
    rating: 3,
    comment: 'A good overview for a free course, though I expected more depth on image tools.',
  },
  {
    user: 'rahul',
    course: 'deep-learning-pytorch',
    rating: 4,
    comment: 'Challenging but rewarding. Building a Transformer from scratch was the highlight for me.',
  },
  {
    user: 'priya',
    course: 'figma-ui-design-masterclass',
    rating: 4,
    comment: 'As a developer I wanted to understand design tools, and this course was the perfect start.',
  },
  {
    user: 'rahul',
    course: 'github-copilot-developers',
    rating: 4,
    comment: 'Practical tips on giving Copilot context. My unit tests get written much faster now.',
  },
  {
    user: 'aditya',
    course: 'excel-data-analysis-hindi',
    rating: 5,
    comment: 'VLOOKUP और पिवट टेबल पहली बार इतनी आसानी से समझ आए। अब महीने की सेल्स रिपोर्ट आधे घंटे में बन जाती है।',
  },
  {
    user: 'sneha',
    course: 'python-shuruaat-hindi',
    rating: 4,
    comment: 'हिन्दी में समझाने से लूप और फ़ंक्शन बहुत साफ़ हो गए। अभ्यास के सवाल थोड़े और होते तो और अच्छा होता।',
  },
];
