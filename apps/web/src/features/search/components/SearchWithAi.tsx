import { type Course, SEARCH_QUERY_MAX } from '@kaksha/contracts';
import { Mic, MicOff, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { largeControlClass } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { toast } from '@/lib/toast';
import { useAiSearch } from '../api/ai-search';
import { SearchStatus } from './SearchStatus';
import { speak } from './speech';
import { useVoiceSearch } from './useVoiceSearch';

/**
 * /searchwithai (spec §2, §4): a text input (Enter submits), a search button and a
 * microphone. Voice uses the browser's speech recognition in en-IN; the recognised text is
 * put in the input and searched at once. Results are spoken aloud. States: idle, listening,
 * busy, results or none. A failed search is only logged and shows 'No Courses Found' (§8).
 * Each result is drawn by `renderCourse` with its rank, 1 = first (the course card belongs to the
 * courses feature; the rank goes with an opened result to analytics).
 */
export function SearchWithAi({ renderCourse }: { renderCourse: (course: Course, rank: number) => ReactNode }) {
  const t = useT();
  const [input, setInput] = useState('');
  const [results, setResults] = useState<Course[] | null>(null);
  const search = useAiSearch();
  const busy = search.isPending;
  const voice = useVoiceSearch((transcript) => {
    setInput(transcript);
    if (transcript.trim()) run(transcript);
  });
  const { listening } = voice;

  // Leaving the page stops any spoken answer still being read out.
  useEffect(() => () => window.speechSynthesis?.cancel(), []);

  const run = (text: string) => {
    const query = text.trim();
    if (!query) {
      toast.error(t('messages.searchQueryRequired'));
      return;
    }
    search.mutate(query, {
      onSuccess: (courses) => {
        setResults(courses);
        // The spoken answer is in the interface's language.
        speak(courses.length ? t('search.spokenResults') : t('search.spokenNone'));
      },
      onError: (error) => {
        console.error('AI search failed', error);
        setResults([]);
        speak(t('search.spokenNone'));
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) run(input);
  };

  const toggleVoice = () => {
    if (!listening && busy) return;
    voice.toggle();
  };

  const micLabel = listening ? t('search.stopListening') : t('search.byVoice');
  const unsupported = t('search.micUnsupported');
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={t('nav.searchWithAi')} back="/" />
      <search>
        <label htmlFor="ai-search-input" className="mb-2 block text-sm font-medium text-ink">
          {t('search.label')}
        </label>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row">
          <input
            id="ai-search-input"
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={SEARCH_QUERY_MAX}
            placeholder={t('search.placeholder')}
            className={`${largeControlClass} shadow-sm sm:flex-1`}
            autoComplete="off"
          />
          <div className="flex gap-3">
            <Button
              type="submit"
              size="lg"
              busy={busy}
              disabled={listening}
              icon={<Search size={18} aria-hidden="true" />}
            >
              {t('catalog.search')}
            </Button>
            {/* A disabled button shows no tooltip in some browsers: the wrapper carries it. */}
            <span title={voice.supported ? micLabel : unsupported} className="inline-flex">
              <Button
                variant={listening ? 'danger' : 'secondary'}
                size="lg"
                onClick={toggleVoice}
                disabled={!voice.supported || busy}
                aria-label={voice.supported ? micLabel : `${micLabel} (${unsupported})`}
                aria-pressed={listening}
                icon={voice.supported ? <Mic size={18} aria-hidden="true" /> : <MicOff size={18} aria-hidden="true" />}
              />
            </span>
          </div>
        </form>
      </search>

      <SearchStatus listening={listening} busy={busy} found={results ? results.length : null} />
      {!busy && !listening && results && results.length > 0 && (
        <>
          <h2 className="mb-4 text-xl font-bold text-ink">{t('search.results')}</h2>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((course, index) => (
              <li key={course._id}>{renderCourse(course, index + 1)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
