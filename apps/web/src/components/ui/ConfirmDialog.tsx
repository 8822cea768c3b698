import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { Button } from './Button';
import { Modal } from './Modal';

/** "Are you sure?" on the kit's Modal: Cancel and a (danger) confirm button that shows `busy`. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const t = useT();
  return (
    <Modal open={open} onClose={() => !busy && onCancel()} title={title}>
      <div className="text-sm text-muted">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
