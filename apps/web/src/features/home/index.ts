export { AboutUs } from './components/AboutUs';
export { FeatureBadges } from './components/FeatureBadges';
export { Footer } from './components/Footer';
export { Hero } from './components/Hero';
