export { SearchWithAi } from './components/SearchWithAi';
