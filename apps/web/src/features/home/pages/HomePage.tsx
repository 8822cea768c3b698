import { AboutUs } from '../components/AboutUs';
import { CategoryTiles } from '../components/CategoryTiles';
import { FeatureBadges } from '../components/FeatureBadges';
import { Footer } from '../components/Footer';
import { Hero } from '../components/Hero';
import { PopularCourses } from '../components/PopularCourses';
import { Testimonials } from '../components/Testimonials';

/** The landing page (spec §1). */
export default function HomePage() {
  return (
    <>
      <Hero />
      <FeatureBadges />
      <CategoryTiles />
      <PopularCourses />
      <AboutUs />
      <Testimonials />
      <Footer />
    </>
  );
}
