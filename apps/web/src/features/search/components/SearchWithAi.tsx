import { type Course, MESSAGES, SEARCH_QUERY_MAX } from '@kaksha/contracts';
import { Mic, MicOff, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { largeControlClass } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { toast } from '@/lib/toast';
import { useAiSearch } from '../api/ai-search';
import { SearchStatus } from './SearchStatus';
import { speak } from './speech';
import { useVoiceSearch } from './useVoiceSearch';

export const SPOKEN_RESULTS = 'These are the top courses I found for you';
export const SPOKEN_NONE = 'No courses found';
export const MIC_UNSUPPORTED = 'Voice search is not supported in this browser';

/**
 * /searchwithai (spec §2, §4): a text input (Enter submits), a search button and a
 * microphone. Voice uses the browser's speech recognition in en-IN; the recognised text is
 * put in the input and searched at once. Results are spoken aloud. States: idle, listening,
 * busy, results or none. A failed search is only logged and shows 'No Courses Found' (§8).
 * Each result is drawn by `renderCourse` (the course card belongs to the courses feature).
 */
export function SearchWithAi({ renderCourse }: { renderCourse: (course: Course) => ReactNode }) {
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
      toast.error(MESSAGES.searchQueryRequired);
      return;
    }
    search.mutate(query, {
      onSuccess: (courses) => {
        setResults(courses);
        speak(courses.length ? SPOKEN_RESULTS : SPOKEN_NONE);
      },
      onError: (error) => {
        console.error('AI search failed', error);
        setResults([]);
        speak(SPOKEN_NONE);
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

  const micLabel = listening ? 'Stop listening' : 'Search by voice';
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Search with AI" back="/" />
      <search>
        <label htmlFor="ai-search-input" className="mb-2 block text-sm font-medium text-ink">
          What do you want to learn?
        </label>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row">
          <input
            id="ai-search-input"
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={SEARCH_QUERY_MAX}
            placeholder="e.g. beginner python under ₹500"
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
              Search
            </Button>
            {/* A disabled button shows no tooltip in some browsers: the wrapper carries it. */}
            <span title={voice.supported ? micLabel : MIC_UNSUPPORTED} className="inline-flex">
              <Button
                variant={listening ? 'danger' : 'secondary'}
                size="lg"
                onClick={toggleVoice}
                disabled={!voice.supported || busy}
                aria-label={voice.supported ? micLabel : `${micLabel} (${MIC_UNSUPPORTED})`}
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
          <h2 className="mb-4 text-xl font-bold text-ink">AI Search Results</h2>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((course) => (
              <li key={course._id}>{renderCourse(course)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
