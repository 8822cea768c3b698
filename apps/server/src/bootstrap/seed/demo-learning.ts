/**
 * Demo learning content on top of demo-data.ts: each course's sections, one quiz per course,
 * and one learner who finished a course and holds its certificate. Pure data; seed.ts stores it.
 */
import type { CourseLanguage } from '@kaksha/contracts';
import type { StoredQuizQuestion } from '../../core/db/schema/index.ts';

/**
 * Section titles for a course of `lectureCount` lectures: two sections up to 4 lectures, else
 * three; in Hindi for a course taught in Hindi.
 */
export function demoSectionTitles(lectureCount: number, language: CourseLanguage = 'en') {
  if (language === 'hi') return lectureCount <= 4 ? ['शुरुआत', 'आगे की राह'] : ['शुरुआत', 'मुख्य कौशल', 'अभ्यास में'];
  return lectureCount <= 4 ? ['Getting Started', 'Going Further'] : ['Getting Started', 'Core Skills', 'In Practice'];
}

/** Lectures spread over sections in order, the earlier sections taking any extra one. */
export function spreadOver<T>(items: T[], groups: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let g = 0; g < groups; g++) {
    const size = Math.floor(items.length / groups) + (g < items.length % groups ? 1 : 0);
    out.push(items.slice(start, start + size));
    start += size;
  }
  return out;
}

export interface DemoQuiz {
  title: string;
  passPercent: number;
  questions: StoredQuizQuestion[];
}

const one = (prompt: string, options: string[], correct: number, explanation: string): StoredQuizQuestion => ({
  prompt,
  kind: 'single',
  options,
  correct: [correct],
  explanation,
});
const many = (prompt: string, options: string[], correct: number[], explanation: string): StoredQuizQuestion => ({
  prompt,
  kind: 'multiple',
  options,
  correct,
  explanation,
});
const trueFalse = (prompt: string, isTrue: boolean, explanation: string): StoredQuizQuestion => ({
  prompt,
  kind: 'truefalse',
  options: ['True', 'False'],
  correct: [isTrue ? 0 : 1],
  explanation,
});

/** A true/false question of a course taught in Hindi: सही (true) or गलत (false). */
const sahiGalat = (prompt: string, isTrue: boolean, explanation: string): StoredQuizQuestion => ({
  prompt,
  kind: 'truefalse',
  options: ['सही', 'गलत'],
  correct: [isTrue ? 0 : 1],
  explanation,
});

const quiz = (title: string, ...questions: StoredQuizQuestion[]): DemoQuiz => ({ title, passPercent: 70, questions });

/** One end-of-course quiz per demo course, by course key. */
export const DEMO_QUIZZES: Record<string, DemoQuiz> = {
  'mern-stack-bootcamp': quiz(
    'MERN Stack Check',
    one(
      'Which part of the MERN stack stores the data?',
      ['Express', 'React', 'MongoDB', 'Node.js'],
      2,
      'MongoDB is the document database; the others run the server and the UI.',
    ),
    many(
      'Which of these run on the server?',
      ['Express', 'React', 'Node.js'],
      [0, 2],
      'Express is a Node.js framework; React renders in the browser.',
    ),
    trueFalse(
      'A JWT should be checked on every request to a protected route.',
      true,
      'The server verifies the token each time; it keeps no session.',
    ),
  ),
  'html-css-js-foundations': quiz(
    'Web Foundations Check',
    one(
      'Which HTML element holds the main heading of a page?',
      ['<head>', '<h1>', '<header>', '<title>'],
      1,
      '<h1> is the top-level heading; <title> names the browser tab.',
    ),
    many(
      'Which CSS features lay out elements in rows and columns?',
      ['Flexbox', 'Grid', 'z-index'],
      [0, 1],
      'Flexbox and Grid are layout systems; z-index only stacks elements.',
    ),
    trueFalse(
      'JavaScript can change a page after it has loaded.',
      true,
      'Through the DOM, scripts add, remove and change elements at any time.',
    ),
  ),
  'nextjs-production': quiz(
    'Next.js in Production Check',
    one(
      'Where do React Server Components run?',
      ['Only in the browser', 'On the server', 'In a service worker'],
      1,
      'They render on the server and send no JavaScript for themselves.',
    ),
    many(
      'Which are Core Web Vitals?',
      ['Largest Contentful Paint', 'Interaction to Next Paint', 'Time to First Byte', 'Cumulative Layout Shift'],
      [0, 1, 3],
      'TTFB is useful but not one of the three Core Web Vitals.',
    ),
    trueFalse(
      'Revalidation lets a cached page be refreshed without a full rebuild.',
      true,
      'Incremental revalidation regenerates pages on demand or on a timer.',
    ),
  ),
  'typescript-for-react': quiz(
    'TypeScript for React Check',
    one(
      'How do you type the props of a component?',
      ['With an interface or type for the props', 'With PropTypes only', 'Props cannot be typed'],
      0,
      'A props type checks every use of the component at compile time.',
    ),
    trueFalse(
      'TypeScript types are checked when the app runs in the browser.',
      false,
      'Types are erased at build time; use Zod to check data at runtime.',
    ),
    one(
      'What does a generic custom hook gain?',
      ['Speed', 'Types that follow the caller’s data', 'Smaller bundles'],
      1,
      'Generics let one hook keep the exact type of what it is given.',
    ),
  ),
  'figma-ui-design-masterclass': quiz(
    'Figma Check',
    one(
      'What does Auto Layout do?',
      ['Exports assets', 'Resizes frames around their content', 'Picks colours'],
      1,
      'Auto Layout stacks and spaces children and grows with them.',
    ),
    many(
      'Which help keep a design consistent?',
      ['Components', 'Variants', 'Random spacing'],
      [0, 1],
      'Reusable components and their variants keep screens in step.',
    ),
    trueFalse(
      'Prototypes in Figma can link frames with interactions.',
      true,
      'Prototype mode connects frames so the flow can be clicked through.',
    ),
  ),
  'ux-research-case-studies': quiz(
    'UX Research Check',
    one(
      'What is the main aim of a user interview?',
      ['Selling the product', 'Understanding needs and behaviour', 'Testing the server'],
      1,
      'Interviews uncover goals, pains and habits in users’ own words.',
    ),
    trueFalse(
      'Five users can reveal most usability problems in a round of testing.',
      true,
      'Small rounds find most issues; test again after fixing them.',
    ),
    many(
      'Which are research synthesis tools?',
      ['Affinity diagrams', 'Journey maps', 'Git branches'],
      [0, 1],
      'Affinity diagrams and journey maps organise what research found.',
    ),
  ),
  'design-systems-at-scale': quiz(
    'Design Systems Check',
    one(
      'What are design tokens?',
      ['Named values such as colours and spacing', 'Login tokens', 'Icons'],
      0,
      'Tokens name design decisions so code and design share them.',
    ),
    trueFalse(
      'Accessible components help every product that uses the system.',
      true,
      'Fixing accessibility once in the library fixes it everywhere.',
    ),
    one(
      'Theming with tokens means…',
      ['Rewriting components', 'Swapping token values', 'Copying files'],
      1,
      'Components read tokens, so a theme only changes their values.',
    ),
  ),
  'flutter-zero-to-play-store': quiz(
    'Flutter Check',
    one(
      'Which language are Flutter apps written in?',
      ['Kotlin', 'Dart', 'Swift', 'JavaScript'],
      1,
      'Flutter uses Dart for both UI and logic.',
    ),
    many(
      'Which widgets arrange children?',
      ['Row', 'Column', 'Stack', 'Text'],
      [0, 1, 2],
      'Text shows text; Row, Column and Stack lay out children.',
    ),
    trueFalse(
      'Provider is a way to manage state in Flutter.',
      true,
      'Provider shares state down the widget tree and rebuilds listeners.',
    ),
  ),
  'react-native-expo': quiz(
    'React Native Check',
    one(
      'What does Expo Router base navigation on?',
      ['The file system', 'A database', 'CSS'],
      0,
      'Files in the app directory become routes, as on the web.',
    ),
    trueFalse(
      'React Native renders native views, not HTML.',
      true,
      'Components map to the platform’s own UI elements.',
    ),
    many(
      'Which are device APIs Expo provides?',
      ['Camera', 'Location', 'SQL Server'],
      [0, 1],
      'Expo modules cover device features like the camera and location.',
    ),
  ),
  'android-kotlin-compose': quiz(
    'Android with Compose Check',
    one(
      'Jetpack Compose builds UIs…',
      ['With XML layouts', 'With composable functions', 'With HTML'],
      1,
      'Compose describes the UI in Kotlin functions marked @Composable.',
    ),
    many(
      'Which libraries handle data?',
      ['Room', 'Retrofit', 'Compose'],
      [0, 1],
      'Room stores data locally and Retrofit calls web APIs.',
    ),
    trueFalse(
      'In MVVM, the ViewModel survives configuration changes such as rotation.',
      true,
      'That is why state lives in the ViewModel, not in the activity.',
    ),
  ),
  'ml-python-foundations': quiz(
    'Machine Learning Check',
    one(
      'Which model predicts a yes/no outcome?',
      ['Linear regression', 'Logistic regression', 'K-means'],
      1,
      'Logistic regression outputs a probability for a class.',
    ),
    trueFalse(
      'Cross-validation estimates how well a model works on unseen data.',
      true,
      'It trains and tests on different folds of the data.',
    ),
    many(
      'Which are tree-based models?',
      ['Decision tree', 'Random forest', 'Linear regression'],
      [0, 1],
      'A random forest is an ensemble of decision trees.',
    ),
  ),
  'deep-learning-pytorch': quiz(
    'Deep Learning Check',
    one(
      'What does autograd compute?',
      ['Gradients', 'Accuracy', 'Data splits'],
      0,
      'Autograd records operations and computes gradients for backpropagation.',
    ),
    trueFalse(
      'A training loop calls the optimiser step after computing the loss’s gradients.',
      true,
      'Forward, loss, backward, then optimiser.step().',
    ),
    one(
      'Which layer is typical for images?',
      ['Convolutional layer', 'Embedding layer', 'Dropout only'],
      0,
      'Convolutions pick up local patterns in images.',
    ),
  ),
  'llm-apps-rag': quiz(
    'RAG Check',
    one(
      'What does retrieval-augmented generation add to a prompt?',
      ['Relevant documents', 'More temperature', 'A bigger model'],
      0,
      'Retrieved passages ground the answer in your own data.',
    ),
    trueFalse(
      'Embeddings turn text into vectors that can be compared for similarity.',
      true,
      'Similar meanings end up close together in vector space.',
    ),
    many(
      'Which are parts of a RAG pipeline?',
      ['Chunking documents', 'A vector store', 'A CSS framework'],
      [0, 1],
      'Documents are chunked, embedded and searched in a vector store.',
    ),
  ),
  'chatgpt-prompt-engineering': quiz(
    'Prompting Check',
    one(
      'Which prompt is likely to give a better answer?',
      ['“Write something”', 'A clear task with context and format', 'One word'],
      1,
      'Context, a goal and the output format guide the model.',
    ),
    trueFalse(
      'Giving examples in a prompt can improve the output.',
      true,
      'Few-shot examples show the model what you expect.',
    ),
    trueFalse(
      'A chatbot’s answers are always correct.',
      false,
      'Models can be wrong or invent facts; check what matters.',
    ),
  ),
  'ai-tools-productivity': quiz(
    'AI Productivity Check',
    one(
      'What is a good first use of an AI assistant at work?',
      ['Drafting and summarising', 'Signing contracts', 'Sharing passwords'],
      0,
      'Drafts and summaries save time; you review the result.',
    ),
    trueFalse(
      'You should avoid pasting confidential data into public AI tools.',
      true,
      'Follow your organisation’s data policy.',
    ),
    many(
      'Which tasks can AI tools speed up?',
      ['Meeting notes', 'Email drafts', 'Replacing all judgement'],
      [0, 1],
      'AI helps with routine writing; decisions stay yours.',
    ),
  ),
  'github-copilot-developers': quiz(
    'Copilot Check',
    one(
      'What does Copilot suggest?',
      ['Code completions', 'Server hosting', 'Database backups'],
      0,
      'It completes code and can chat about your codebase.',
    ),
    trueFalse(
      'Suggested code should be reviewed and tested like any other code.',
      true,
      'Suggestions can be wrong or insecure.',
    ),
    one(
      'What helps Copilot give better suggestions?',
      ['Clear names and comments', 'Minified code', 'No context'],
      0,
      'Good context leads to relevant suggestions.',
    ),
  ),
  'data-science-python-bootcamp': quiz(
    'Data Science Check',
    one(
      'Which library provides DataFrames?',
      ['pandas', 'requests', 'flask'],
      0,
      'pandas offers DataFrames for tabular data.',
    ),
    many(
      'Which are common data cleaning steps?',
      ['Handling missing values', 'Removing duplicates', 'Changing the font'],
      [0, 1],
      'Clean data before analysing it.',
    ),
    trueFalse('Visualising data helps spot patterns and outliers.', true, 'Charts reveal what tables hide.'),
  ),
  'statistics-for-data-science': quiz(
    'Statistics Check',
    one(
      'Which measure is least affected by outliers?',
      ['Mean', 'Median', 'Range'],
      1,
      'The median is the middle value, so extremes barely move it.',
    ),
    trueFalse('Correlation proves causation.', false, 'Two variables can move together without one causing the other.'),
    one(
      'A p-value below 0.05 usually means…',
      ['The result is certainly true', 'The result is unlikely under the null hypothesis', 'The data is wrong'],
      1,
      'It measures how surprising the data is if the null were true.',
    ),
  ),
  'time-series-forecasting': quiz(
    'Forecasting Check',
    one(
      'What is seasonality?',
      ['A repeating pattern over a fixed period', 'A one-off spike', 'Missing data'],
      0,
      'Sales that rise every December show yearly seasonality.',
    ),
    trueFalse(
      'A forecast should be tested on data the model has not seen.',
      true,
      'Hold out the most recent period to test it.',
    ),
    many(
      'Which are time series models?',
      ['ARIMA', 'Exponential smoothing', 'Bubble sort'],
      [0, 1],
      'ARIMA and exponential smoothing model values over time.',
    ),
  ),
  'excel-power-bi-analyst': quiz(
    'Excel and Power BI Check',
    one(
      'Which Excel feature summarises data by category?',
      ['PivotTable', 'Spell check', 'Freeze panes'],
      0,
      'PivotTables group and aggregate rows.',
    ),
    trueFalse(
      'Power Query can clean and reshape data before it is loaded.',
      true,
      'It records repeatable transformation steps.',
    ),
    one(
      'What does DAX stand for?',
      ['Data Analysis Expressions', 'Data Access XML', 'Dynamic Axis'],
      0,
      'DAX is the formula language of Power BI.',
    ),
  ),
  'sql-for-data-analytics': quiz(
    'SQL Check',
    one(
      'Which clause filters groups after aggregation?',
      ['WHERE', 'HAVING', 'ORDER BY'],
      1,
      'WHERE filters rows; HAVING filters groups.',
    ),
    many(
      'Which are aggregate functions?',
      ['COUNT', 'SUM', 'UPPER'],
      [0, 1],
      'UPPER works on one value; COUNT and SUM aggregate many.',
    ),
    trueFalse(
      'A LEFT JOIN keeps every row of the left table.',
      true,
      'Unmatched rows get NULLs for the right table’s columns.',
    ),
  ),
  'tableau-dashboards': quiz(
    'Tableau Check',
    one(
      'Which chart shows change over time best?',
      ['Line chart', 'Pie chart', 'Word cloud'],
      0,
      'A line connects values in time order.',
    ),
    trueFalse(
      'A good dashboard answers a clear question for its audience.',
      true,
      'Start from the question, then choose the charts.',
    ),
    many(
      'Which make a dashboard easier to read?',
      ['Consistent colours', 'Clear titles', 'Ten fonts'],
      [0, 1],
      'Consistency and clear labels guide the eye.',
    ),
  ),
  'ethical-hacking-from-scratch': quiz(
    'Ethical Hacking Check',
    one(
      'What must you have before testing a system?',
      ['Written permission', 'A fast computer', 'A VPN only'],
      0,
      'Testing without authorisation is illegal.',
    ),
    trueFalse(
      'Reconnaissance is usually the first phase of a penetration test.',
      true,
      'Gathering information comes before scanning and exploiting.',
    ),
    one(
      'What does Nmap mainly do?',
      ['Scan networks and ports', 'Edit videos', 'Crack Wi-Fi only'],
      0,
      'Nmap discovers hosts and open ports.',
    ),
  ),
  'web-app-pentesting': quiz(
    'Web Pentesting Check',
    one(
      'Which attack injects database commands through input?',
      ['XSS', 'SQL injection', 'CSRF'],
      1,
      'Parameterised queries prevent SQL injection.',
    ),
    many(
      'Which help prevent XSS?',
      ['Escaping output', 'Content Security Policy', 'Longer passwords'],
      [0, 1],
      'Escape what you render and restrict scripts with CSP.',
    ),
    trueFalse(
      'Burp Suite can intercept and change HTTP requests.',
      true,
      'Its proxy sits between the browser and the site.',
    ),
  ),
  'bug-bounty-hunting': quiz(
    'Bug Bounty Check',
    one(
      'What defines what you may test in a bug bounty?',
      ['The programme’s scope', 'Your curiosity', 'The newest CVE'],
      0,
      'Stay inside the scope and rules of the programme.',
    ),
    trueFalse(
      'A good report includes clear steps to reproduce the issue.',
      true,
      'Triage teams need to see the bug themselves.',
    ),
    one(
      'What is an IDOR?',
      ['Reaching another user’s data by changing an identifier', 'A firewall', 'A kind of encryption'],
      0,
      'Insecure direct object references skip an ownership check.',
    ),
  ),
  'dsa-placement-prep': quiz(
    'DSA Check',
    one(
      'What is the time complexity of binary search?',
      ['O(n)', 'O(log n)', 'O(n²)'],
      1,
      'Each step halves the search space.',
    ),
    many(
      'Which structures are linear?',
      ['Array', 'Linked list', 'Binary tree'],
      [0, 1],
      'Trees branch; arrays and lists are sequences.',
    ),
    trueFalse('A stack is last in, first out.', true, 'The last item pushed is the first popped.'),
  ),
  'communication-skills-it': quiz(
    'Communication Check',
    one(
      'What makes a status update useful?',
      ['Progress, blockers and next steps', 'Only good news', 'Technical jargon'],
      0,
      'Clear updates help the team plan.',
    ),
    trueFalse('Active listening includes summarising what you heard.', true, 'Summaries confirm you understood.'),
    one(
      'A good email subject line is…',
      ['Short and specific', 'Empty', 'In capitals'],
      0,
      'Specific subjects get read and found again.',
    ),
  ),
  'personal-finance-india': quiz(
    'Personal Finance Check',
    one(
      'What should an emergency fund cover?',
      ['3–6 months of expenses', 'One week', 'Holiday shopping'],
      0,
      'It protects you from a job loss or a medical bill.',
    ),
    trueFalse(
      'Starting to invest early lets compounding work for longer.',
      true,
      'Returns earn their own returns over time.',
    ),
    many(
      'Which are tax-saving options under Section 80C?',
      ['PPF', 'ELSS funds', 'Credit card rewards'],
      [0, 1],
      'PPF and ELSS qualify; rewards do not.',
    ),
  ),
  'python-shuruaat-hindi': quiz(
    'पायथन की जाँच',
    one(
      'पायथन में स्क्रीन पर कुछ दिखाने के लिए कौन-सा फ़ंक्शन है?',
      ['input()', 'print()', 'len()', 'type()'],
      1,
      'print() अपने तर्क स्क्रीन पर दिखाता है; input() उपयोगकर्ता से पढ़ता है।',
    ),
    sahiGalat(
      'for लूप किसी लिस्ट के हर आइटम पर एक-एक करके चलता है।',
      true,
      'for लूप लिस्ट, स्ट्रिंग या range के हर आइटम को बारी-बारी से लेता है।',
    ),
    many(
      'इनमें से कौन-से पायथन के डेटा टाइप हैं?',
      ['list', 'dict', 'table'],
      [0, 1],
      'list और dict पायथन में बने हुए हैं; table कोई डेटा टाइप नहीं है।',
    ),
  ),
  'excel-data-analysis-hindi': quiz(
    'एक्सेल की जाँच',
    one(
      'किसी दूसरी टेबल से मिलता हुआ मान ढूँढने के लिए कौन-सा फ़ॉर्मूला है?',
      ['SUM', 'VLOOKUP', 'COUNT', 'ROUND'],
      1,
      'VLOOKUP (या नया XLOOKUP) किसी कुंजी से दूसरी टेबल का मान लाता है।',
    ),
    sahiGalat(
      'पिवट टेबल बनाने से असली डेटा बदल जाता है।',
      false,
      'पिवट टेबल डेटा का सारांश दिखाती है; असली डेटा जैसा था वैसा ही रहता है।',
    ),
    many(
      'डेटा की सफ़ाई में इनमें से क्या आता है?',
      ['दोहराई गई पंक्तियाँ हटाना', 'खाली जगहें ठीक करना', 'चार्ट का रंग बदलना'],
      [0, 1],
      'दोहराव और खाली मान ठीक करना सफ़ाई है; रंग बदलना सजावट है।',
    ),
  ),
  'web-development-hindi': quiz(
    'वेब डेवलपमेंट की जाँच',
    one(
      'पेज का सबसे बड़ा शीर्षक किस HTML टैग में लिखते हैं?',
      ['<h1>', '<p>', '<title>', '<div>'],
      0,
      '<h1> पेज का मुख्य शीर्षक है; <title> ब्राउज़र के टैब में दिखता है।',
    ),
    sahiGalat(
      'CSS Flexbox से चीज़ों को एक पंक्ति या एक कॉलम में सजाया जाता है।',
      true,
      'Flexbox एक दिशा में लेआउट के लिए है; दो दिशाओं के लिए Grid।',
    ),
    many(
      'इनमें से कौन-सी चीज़ें JavaScript से की जा सकती हैं?',
      ['बटन क्लिक पर कुछ करना', 'फ़ॉर्म की जाँच', 'सर्वर के बिना डेटाबेस चलाना'],
      [0, 1],
      'JavaScript ब्राउज़र में इवेंट और फ़ॉर्म सँभालती है।',
    ),
  ),
  'cyber-security-hindi': quiz(
    'साइबर सुरक्षा की जाँच',
    one(
      'Nmap किस काम आता है?',
      ['नेटवर्क पर खुले पोर्ट ढूँढना', 'वीडियो एडिट करना', 'पासवर्ड याद रखना'],
      0,
      'Nmap नेटवर्क स्कैन करके खुले पोर्ट और चल रही सेवाएँ बताता है।',
    ),
    sahiGalat(
      'किसी वेबसाइट की जाँच उसके मालिक की लिखित अनुमति के बिना करना ठीक है।',
      false,
      'अनुमति के बिना जाँच ग़ैर-क़ानूनी है; हमेशा लिखित अनुमति और तय दायरा लें।',
    ),
    many(
      'फ़िशिंग से बचने के लिए क्या करें?',
      ['लिंक खोलने से पहले भेजने वाले का पता जाँचें', 'दो-चरणीय सत्यापन चालू रखें', 'OTP किसी से भी साझा करें'],
      [0, 1],
      'OTP कभी साझा न करें; पता जाँचना और दो-चरणीय सत्यापन बचाते हैं।',
    ),
  ),
};

/** A learner who finished a course (every lecture and its quiz) and holds its certificate. */
export const DEMO_COMPLETION = { user: 'sneha', course: 'html-css-js-foundations' } as const;
