import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { toast } from '@/lib/toast';

/**
 * The 10 recovery codes, shown once right after two-factor sign-in is turned on (the server keeps
 * only their hashes): copy them or download them as a text file, then say they are kept safe.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const asText = `${t('security.recovery.fileTitle')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText);
      toast.success(t('security.recovery.copied'));
    } catch {
      toast.error(t('security.recovery.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'kaksha-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-ink">{t('security.recovery.title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('security.recovery.intro')}</p>
      <ol
        aria-label={t('security.recovery.listLabel')}
        className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 font-mono text-sm text-ink min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} translate="no">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy size={16} aria-hidden="true" />
          {t('security.recovery.copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download size={16} aria-hidden="true" />
          {t('security.recovery.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.recovery.done')}
        </Button>
      </div>
    </div>
  );
}
