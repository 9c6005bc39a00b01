import { STORY_STATE_NAMES } from '@perenos/porting-rules/back-office';
import { Badge } from '../../../components/plain';
import type { StaffStory } from '../api';

const STATES: Record<StaffStory['state'], { label: string; color: string }> = {
  draft: { label: STORY_STATE_NAMES.draft, color: 'gray' },
  scheduled: { label: STORY_STATE_NAMES.scheduled, color: 'orange' },
  published: { label: STORY_STATE_NAMES.published, color: 'green' },
};

/** Where a story stands: draft, scheduled, or on the site. */
export function StoryStateBadge({ state }: { state: StaffStory['state'] }) {
  const s = STATES[state];
  return (
    // Never narrower than its word: a Mantine badge may shrink to nothing in a squeezed table cell and cut it.
    <Badge color={s.color} variant="light" style={{ minWidth: 'max-content' }}>
      {s.label}
    </Badge>
  );
}
