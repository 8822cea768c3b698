import { MESSAGES, REVIEW_COMMENT_MAX } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/Field';
import { StarInput } from '@/components/ui/Stars';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useGiveReview } from '../api/give-review';

/**
 * Rate 1-5 stars (starting at 0) and comment; 'Review Added' on success, 'Review Updated' when it
 * replaced the learner's earlier review (the server's answer says which), the server's message otherwise.
 */
export function ReviewForm({ courseId }: { courseId: string }) {
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const give = useGiveReview();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (rating < 1 || rating > 5) next.rating = t('reviews.chooseRating');
    if (!comment.trim()) next.comment = t('reviews.writeComment');
    setErrors(next);
    if (next.rating || next.comment) return;
    give.mutate(
      { rating, comment: comment.trim(), courseId },
      {
        onSuccess: ({ message }) => {
          toast.success(message === MESSAGES.reviewUpdated ? t('messages.reviewUpdated') : t('messages.reviewAdded'));
          setRating(0);
          setComment('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="review-form-title">
      <h2 id="review-form-title" className="text-xl font-bold text-ink">
        {t('reviews.write')}
      </h2>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink" aria-hidden="true">
          {t('stars.yourRating')}
        </span>
        <StarInput value={rating} onChange={setRating} />
        {errors.rating && <p className="text-xs text-red-700">{errors.rating}</p>}
      </div>
      <TextArea
        label={t('reviews.comment')}
        placeholder={t('reviews.placeholder')}
        rows={3}
        maxLength={REVIEW_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={errors.comment}
      />
      <div>
        <Button type="submit" busy={give.isPending}>
          {t('reviews.submit')}
        </Button>
      </div>
    </form>
  );
}
