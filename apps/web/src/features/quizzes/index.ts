export { courseQuizzesQuery, useCourseQuizzes } from './api/quizzes';
export { QuizEditor } from './components/QuizEditor';
export { placeQuizzes, QuizListItem } from './components/QuizListItem';
export { QuizPlayer } from './components/QuizPlayer';
