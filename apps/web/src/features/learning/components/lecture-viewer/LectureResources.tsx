import type { LectureResource } from '@kaksha/contracts';
import { Download, FileArchive, FileCode, FileImage, FileText } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { formatFileSize } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

/** An icon for what the file is (its checked type, not its name). */
function FileIcon({ contentType }: { contentType: string }) {
  const Icon = contentType.startsWith('image/')
    ? FileImage
    : contentType.startsWith('text/')
      ? FileCode
      : contentType === 'application/pdf'
        ? FileText
        : FileArchive;
  return <Icon size={20} aria-hidden="true" className="shrink-0 text-muted" />;
}

/**
 * The files the educator attached to the lecture in the player (notes, slides, code), under it:
 * each downloads as an attachment with its own name. Nothing when there are none, or when the
 * viewer may not open the lecture (the server would refuse the download too).
 */
export function LectureResources({ resources }: { resources: LectureResource[] | undefined }) {
  const t = useT();
  const headingId = useId();
  if (!resources || resources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="mb-2 text-base font-semibold text-ink">
        {t('viewer.resources')} <span className="font-normal text-muted">({resources.length})</span>
      </h3>
      <ul className="divide-y divide-line">
        {resources.map((r) => (
          <li key={r._id} className="flex items-center gap-3 py-2.5">
            <FileIcon contentType={r.contentType} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink">{r.title}</p>
              <p className="truncate text-xs text-muted">
                {r.fileName} · {formatFileSize(r.size)}
              </p>
            </div>
            <a
              href={mediaUrl(r.url)}
              download={r.fileName}
              aria-label={t('viewer.download', { title: r.title, size: formatFileSize(r.size) })}
              className={buttonClass('secondary', 'sm', 'shrink-0')}
            >
              <Download size={16} aria-hidden="true" />
              <span className="hidden sm:inline">{t('viewer.downloadShort')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
