import { CategoryTiles, PopularCourses } from '@/features/courses';
import { AboutUs, FeatureBadges, Footer, Hero } from '@/features/home';
import { Testimonials } from '@/features/reviews';

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
