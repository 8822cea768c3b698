export { MIC_UNSUPPORTED, SearchWithAi, SPOKEN_NONE, SPOKEN_RESULTS } from './components/SearchWithAi';
