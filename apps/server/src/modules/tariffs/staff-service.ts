import type { Database } from '../../db/client';
import { conflict, type HttpProblem, notFound, validationProblem } from '../../lib/problem';
import { audit, type StaffActor } from '../staff';
import {
  CatalogueError,
  type CatalogueTariff,
  catalogueToCsv,
  type RefusedRow,
  readCatalogueLeniently,
} from './catalogue';
import { CATALOGUE_CHANGED, catalogueEvents } from './catalogue-events';
import {
  catalogueReferenceNames,
  catalogueVersion,
  decideUpload,
  findUpload,
  insertUpload,
  lockUpload,
  type UploadRow,
  writeCatalogue,
} from './repository';
import { exportCatalogue, toStored } from './service';
import { checkReferences, previewChanges, type UploadPreview } from './upload-preview';

/** The refused rows shown with a preview (a file of thousands of bad rows names the first ones). */
const REFUSED_SHOWN = 500;

function present(row: UploadRow) {
  const refused = row.refused as RefusedRow[];
  return {
    id: row.id,
    fileName: row.fileName,
    replace: row.replace,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    preview: row.preview as UploadPreview,
    refused: refused.slice(0, REFUSED_SHOWN),
  };
}

/** The file's kind by its name: the catalogue's exchange formats are JSON and CSV. */
function formatOf(fileName: string): 'json' | 'csv' {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'json' || ext === 'csv') return ext;
  throw validationProblem({ File: ['Загрузите файл каталога в формате .json или .csv.'] });
}

/**
 * Reads an uploaded catalogue through the importer's rules, refuses bad tariffs one by one with their
 * reasons, and stores the upload with a preview of what applying it would change. Nothing in the
 * catalogue changes until it is applied. Audited.
 */
export async function uploadCatalogue(
  db: Database,
  actor: StaffActor,
  file: { name: string; bytes: Buffer },
  replace: boolean,
) {
  const format = formatOf(file.name);
  let read: { tariffs: CatalogueTariff[]; refused: RefusedRow[] };
  try {
    read = readCatalogueLeniently(file.bytes.toString('utf8'), format);
  } catch (error) {
    if (error instanceof CatalogueError) throw validationProblem({ File: [error.message] });
    throw error;
  }
  const [refs, current, baseVersion] = await Promise.all([
    catalogueReferenceNames(db),
    exportCatalogue(db),
    catalogueVersion(db),
  ]);
  const { accepted, refused } = checkReferences(read.tariffs, refs);
  const allRefused = [...read.refused, ...refused];
  if (accepted.length === 0 && !replace) {
    throw validationProblem({
      File: [
        `В файле нет ни одного тарифа, который можно загрузить${allRefused[0] ? `: ${allRefused[0].where} — ${allRefused[0].reason}` : '.'}`,
      ],
    });
  }
  const preview = previewChanges(current, accepted, replace, refs, allRefused.length);
  const row = await db.transaction(async (tx) => {
    const stored = await insertUpload(tx, {
      createdBy: actor.oid,
      fileName: file.name.slice(0, 200),
      replace,
      tariffs: accepted,
      refused: allRefused,
      preview,
      baseVersion,
    });
    await audit(tx, actor, 'tariffs.upload', `upload:${stored.id}`, {
      fileName: stored.fileName,
      replace,
      ...preview.totals,
    });
    return stored;
  });
  return present(row);
}

/** An upload with its preview. */
export async function uploadOf(db: Database, id: number) {
  const row = await findUpload(db, id);
  if (!row) throw notFound();
  return present(row);
}

function undecided(row: UploadRow): HttpProblem {
  return conflict(
    row.status === 'applied' ? 'Загрузка уже применена' : 'Загрузка отменена',
    'Загрузите файл снова, чтобы увидеть, что он изменит сейчас.',
  );
}

/**
 * Applies an upload: the catalogue import (insert or update by operator and slug; with `replace`, every
 * tariff the file does not hold goes to the archive) in the same transaction as the decision and its audit.
 * Refused when the catalogue changed since the preview (the preview would no longer be true) or when the
 * upload was already decided; the upload's row lock makes fifty clicks one import.
 */
export async function applyUpload(db: Database, actor: StaffActor, id: number) {
  const result = await db.transaction(async (tx) => {
    const row = await lockUpload(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw undecided(row);
    if ((await catalogueVersion(tx)) !== row.baseVersion) {
      throw conflict(
        'Каталог изменился после предпросмотра',
        'С тех пор каталог уже меняли: загрузите файл снова, чтобы увидеть, что он изменит теперь.',
      );
    }
    const list = row.tariffs as CatalogueTariff[];
    const written = await writeCatalogue(tx, (refs) => toStored(list, refs), { replace: row.replace });
    await decideUpload(tx, id, 'applied');
    await audit(tx, actor, 'tariffs.apply', `upload:${id}`, {
      fileName: row.fileName,
      replace: row.replace,
      ...(row.preview as UploadPreview).totals,
      tariffsWritten: written.tariffs,
    });
    return written;
  });
  // This node's index now; the others by their next poll of the catalogue version.
  catalogueEvents.emit(CATALOGUE_CHANGED);
  return { ...(await uploadOf(db, id)), written: result };
}

/** Drops an upload without changing the catalogue. */
export async function cancelUpload(db: Database, actor: StaffActor, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockUpload(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw undecided(row);
    await decideUpload(tx, id, 'cancelled');
    await audit(tx, actor, 'tariffs.cancel', `upload:${id}`, { fileName: row.fileName });
  });
  return uploadOf(db, id);
}

/** The whole catalogue as a file, audited (who took a copy, and when). */
export async function exportFile(db: Database, actor: StaffActor, format: 'json' | 'csv') {
  const list = await exportCatalogue(db);
  await db.transaction((tx) => audit(tx, actor, 'tariffs.export', 'catalogue', { format, tariffs: list.length }));
  return format === 'csv' ? catalogueToCsv(list) : `${JSON.stringify(list, null, 2)}\n`;
}
