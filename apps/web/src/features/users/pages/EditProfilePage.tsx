import { IMAGE_MAX_BYTES } from '@kaksha/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextArea, TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/**
 * /editprofile (spec §2): avatar with a preview before upload, name, read-only email, description;
 * educators also choose whether their e-mail shows on their public profile (off unless chosen).
 */
export default function EditProfilePage() {
  const t = useT();
  const { user } = useCurrentUser();
  const [name, setName] = useState(user?.name ?? '');
  const [description, setDescription] = useState(user?.description ?? '');
  const [showContactEmail, setShowContactEmail] = useState(user?.showContactEmail ?? false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfile();
  const navigate = useNavigate();
  // The server's per-field messages, shown under their inputs.
  const fields = update.error instanceof ApiError ? update.error.fields : undefined;

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  if (!user) return null;

  /** Only images within the upload limit are previewed and uploaded; anything else is refused at once. */
  const pickPhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const refusal = !file
      ? null
      : !file.type.startsWith('image/')
        ? t('profile.chooseImage')
        : file.size > IMAGE_MAX_BYTES
          ? t('messages.imageTooLarge')
          : null;
    if (refusal) {
      toast.error(refusal);
      e.target.value = '';
      setPhoto(null);
      return;
    }
    setPhoto(file);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    update.mutate(
      { name, description, photo, ...(user.role === 'educator' ? { showContactEmail } : {}) },
      {
        onSuccess: () => {
          toast.success(t('messages.profileUpdateSuccess'));
          navigate('/');
        },
        onError: (error) => {
          toast.error(t('messages.profileUpdateError'));
          setProblem(errorMessage(error, t('messages.profileUpdateError')));
        },
      },
    );
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <PageHeader title={t('titles.editProfile')} back="/profile" backLabel={t('profile.backToProfile')} />
      <Card className="p-6 sm:p-8">
        <form onSubmit={submit} className="flex flex-col gap-5">
          <div className="flex flex-col items-center gap-4 sm:flex-row">
            <Avatar name={name || user.name} photoUrl={preview ?? user.photoUrl} size={96} />
            <div className="w-full">
              <FileInput
                label={t('profile.selectAvatar')}
                name="photoUrl"
                accept="image/*"
                onChange={pickPhoto}
                error={fields?.photoUrl}
                hint={t('profile.avatarHint')}
              />
            </div>
          </div>
          <TextInput
            label={t('profile.fullName')}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fields?.name}
          />
          <TextInput
            label={t('auth.email')}
            name="email"
            type="email"
            value={user.email}
            readOnly
            aria-readonly="true"
          />
          {user.role === 'educator' && (
            <div className="flex flex-col gap-1">
              <Checkbox
                label={t('profile.showEmail')}
                name="showContactEmail"
                checked={showContactEmail}
                onChange={(e) => setShowContactEmail(e.target.checked)}
                aria-describedby="contact-email-hint"
              />
              <p id="contact-email-hint" className="pl-7 text-xs text-muted">
                {t('profile.showEmailHint')}
              </p>
            </div>
          )}
          <TextArea
            label={t('profile.description')}
            name="description"
            placeholder={t('profile.descriptionPlaceholder')}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={fields?.description}
          />
          {problem && !fields && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          )}
          <Button type="submit" busy={update.isPending} className="w-full sm:w-auto sm:self-end">
            {t('profile.save')}
          </Button>
        </form>
      </Card>
    </section>
  );
}
