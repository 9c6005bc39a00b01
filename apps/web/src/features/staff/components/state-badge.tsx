import { Badge } from '../../../components/plain';
import type { StaffStory } from '../api';

const STATES: Record<StaffStory['state'], { label: string; color: string }> = {
  draft: { label: 'Черновик', color: 'gray' },
  scheduled: { label: 'Запланирована', color: 'orange' },
  published: { label: 'На сайте', color: 'green' },
};

/** Where a story stands: draft, scheduled, or on the site. */
export function StoryStateBadge({ state }: { state: StaffStory['state'] }) {
  const s = STATES[state];
  return (
    <Badge color={s.color} variant="light">
      {s.label}
    </Badge>
  );
}
