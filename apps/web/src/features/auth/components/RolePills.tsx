import { ROLES, type Role } from '@kaksha/contracts';
import { useT } from '@/i18n';
import { roleName } from '@/lib/labels';

/** The Student/Educator pill choice of the sign-up screen: a radio group, so arrow keys work. */
export function RolePills({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('auth.iAmA')}</legend>
      <div className="flex gap-3">
        {ROLES.map((role) => (
          <label
            key={role}
            className={`cursor-pointer rounded-full border px-5 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
              value === role ? 'border-ink bg-ink text-white' : 'border-slate-300 bg-white text-ink hover:border-ink'
            }`}
          >
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="sr-only"
            />
            {roleName(role)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
