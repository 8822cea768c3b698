import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { forgetAccount, useDeleteAccount } from '../api/privacy';

/**
 * "Delete my account": says what goes and what stays, then asks for the password (an account
 * made through Google sign-in types its e-mail instead) and the authenticator's code when 2FA is
 * on. The server's refusals (an educator's published courses with learners, a wrong password)
 * show under the field they concern, or above the buttons.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  hasPassword,
  twoFactorEnabled,
}: {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
  twoFactorEnabled: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const fields = remove.error instanceof ApiError ? remove.error.fields : undefined;
  const problem = remove.error && !fields ? errorMessage(remove.error) : undefined;

  const close = () => {
    remove.reset();
    setPassword('');
    setEmail('');
    setCode('');
    onClose();
  };

  const submit = () =>
    remove.mutate(
      {
        ...(hasPassword ? { password } : { email }),
        ...(twoFactorEnabled ? { code } : {}),
      },
      {
        onSuccess: async () => {
          // Home first, committed at once, then forget the user (as signing out does).
          await navigate('/', { flushSync: true });
          forgetAccount(client);
          toast.success(t('privacy.delete.done'));
        },
      },
    );

  return (
    <Modal open={open} onClose={close} title={t('privacy.delete.title')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="text-sm text-ink">
          <p>{t('privacy.delete.intro')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('privacy.delete.removed')}</li>
            <li>{t('privacy.delete.kept')}</li>
            <li>{t('privacy.delete.certificates')}</li>
            <li>{t('privacy.delete.tax')}</li>
          </ul>
          <p className="mt-2 font-semibold">{t('privacy.delete.final')}</p>
        </div>
        {hasPassword ? (
          <TextInput
            label={t('privacy.delete.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fields?.password}
            required
          />
        ) : (
          <TextInput
            label={t('privacy.delete.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fields?.email}
            required
          />
        )}
        {twoFactorEnabled && (
          <TextInput
            label={t('privacy.delete.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fields?.code}
            hint={t('privacy.delete.codeHint')}
            required
          />
        )}
        {problem && (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending}>
            {t('privacy.delete.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
