import { ButtonLink } from '@/components/ui/Button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold">This page does not exist</h1>
      <p className="text-muted">The link may be old or mistyped. Let’s get you back to learning.</p>
      <div className="flex gap-3">
        <ButtonLink to="/">Go to Home</ButtonLink>
        <ButtonLink to="/allcourses" variant="secondary">
          View all Courses
        </ButtonLink>
      </div>
    </section>
  );
}
