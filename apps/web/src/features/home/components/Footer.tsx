import { Link } from 'react-router';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/allcourses', label: 'Courses' },
  { to: '/login', label: 'Login' },
  { to: '/profile', label: 'My Profile' },
];
/** Listed, not clickable (spec §1). */
const FOOTER_CATEGORIES = ['Web Development', 'App Development', 'AI/ML', 'UI UX Designing'];

export function Footer() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <p className="text-xl font-black tracking-tight text-white">Kaksha</p>
          <p className="max-w-sm text-sm leading-relaxed">
            Learn in-demand skills from Indian educators who build for a living. Courses in rupees, lifetime access, and
            a community that learns together.
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            Quick Links
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Categories</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400">
          © {new Date().getFullYear()} Kaksha. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
