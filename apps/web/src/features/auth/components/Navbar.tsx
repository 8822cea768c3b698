import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { useCurrentUser } from '../api/current-user';

// Placeholder until the accounts feature lands its full navigation.
export function Navbar() {
  const { user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link to="/" className="text-xl font-black tracking-tight">
          Kaksha
        </Link>
        {user ? <Avatar name={user.name} photoUrl={user.photoUrl} /> : <Link to="/login">Login</Link>}
      </nav>
    </header>
  );
}
