import type { Database } from '../../../db/client';
import { insertLegalName, insertRegistryOperator, loadOperatorMatching } from '../repository';
import { normaliseLegalName } from './registry-names';

/** «ЕКАТЕРИНБУРГ-2000» from `ООО "ЕКАТЕРИНБУРГ-2000"`: the quoted name, else the name without its legal form. */
export function displayNameOf(legalName: string): string {
  const quoted = /["«“]([^"»”]+)["»”]/.exec(legalName);
  const name = quoted?.[1] ?? legalName.replace(/^(ООО|ПАО|ОАО|ЗАО|АО|НАО|ГУП|ФГУП|МУП)\s+/i, '');
  return name.replace(/\s+/g, ' ').trim() || legalName.trim();
}

/**
 * Maps registry names (legal names or central-database owner ids) to site operators within one
 * transaction: a known spelling, else the operator with the same INN, else a new unlisted operator
 * of its own. New spellings are remembered, so the next import matches them directly.
 */
export class OperatorMatcher {
  private readonly byName = new Map<string, number>();
  private readonly byInn = new Map<string, number[]>();
  private readonly bySlug = new Map<string, number>();
  private readonly unlisted = new Set<number>();
  /** Names that did not match a listed operator: shown in the import summary. */
  readonly unknownNames = new Map<string, number>();
  readonly createdOperators: string[] = [];

  private constructor(private readonly db: Database) {}

  static async load(db: Database): Promise<OperatorMatcher> {
    const m = new OperatorMatcher(db);
    const { names, ops } = await loadOperatorMatching(db);
    for (const n of names) m.byName.set(n.normalised, n.operatorId);
    for (const o of ops) {
      m.bySlug.set(o.slug, o.id);
      if (!o.isListed) m.unlisted.add(o.id);
      if (o.inn) m.byInn.set(o.inn, [...(m.byInn.get(o.inn) ?? []), o.id]);
    }
    return m;
  }

  /** The operator id for a legal name (and INN when the registry gives one); `count` feeds the summary. */
  async resolve(legalName: string, inn: string | null, count = 1): Promise<number> {
    const key = normaliseLegalName(legalName);
    let id = this.byName.get(key);
    if (id === undefined) {
      const sameInn = inn ? (this.byInn.get(inn) ?? []) : [];
      if (sameInn.length === 1 && sameInn[0] !== undefined) {
        id = sameInn[0];
      } else {
        const slug = inn ? `inn-${inn}` : `reg-${slugPart(key)}`;
        id = this.bySlug.get(slug);
        if (id === undefined) {
          id = await insertRegistryOperator(this.db, { slug, name: displayNameOf(legalName), inn });
          this.bySlug.set(slug, id);
          this.unlisted.add(id);
          this.createdOperators.push(legalName);
          if (inn) this.byInn.set(inn, [id]);
        }
      }
      await insertLegalName(this.db, { normalised: key, legalName, operatorId: id });
      this.byName.set(key, id);
    }
    if (this.unlisted.has(id)) this.unknownNames.set(legalName, (this.unknownNames.get(legalName) ?? 0) + count);
    return id;
  }

  /** The operator behind a known slug (site operators), if present. */
  idForSlug(slug: string): number | undefined {
    return this.bySlug.get(slug);
  }
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function slugPart(normalised: string): string {
  const latin = [...normalised].map((c) => TRANSLIT[c] ?? c).join('');
  return (
    latin
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'operator'
  );
}
