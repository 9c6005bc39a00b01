import MarkdownIt from 'markdown-it';
import { sanitizeStoryHtml } from './sanitize';

// Raw HTML in the source is shown as text, never passed through; links are recognised as in a chat.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
md.set({ quotes: '«»„“' });
// The story page's title is the page's h1: the text's headings start one level below (# → h2 … #### → h4+).
md.core.ruler.push('headings_below_title', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      token.tag = `h${Math.min(Number(token.tag.slice(1)) + 1, 4)}`;
    }
  }
});

/** A story's Markdown as the HTML the public page shows: rendered, then sanitised as every story is. */
export function storyHtmlOf(markdown: string): string {
  return sanitizeStoryHtml(md.render(markdown));
}
