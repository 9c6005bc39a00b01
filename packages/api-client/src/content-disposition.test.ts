import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'%D0%9E%D1%82%D1%87%D1%91%D1%82.csv', 'Отчёт.csv'],
    ["attachment; filename*=utf-8'ru'%D0%A4%D0%B0%D0%B9%D0%BB.pdf", 'Файл.pdf'],
    ["attachment; filename*=ISO-8859-1''caf%E9.txt", 'café.txt'],
    // A malformed escape falls back to the plain name.
    ['attachment; filename="fallback.txt"; filename*=UTF-8\'\'%E0%A4%A.txt', 'fallback.txt'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it.each([null, undefined, '', 'inline', 'attachment; filename=""'])('%s → undefined', (header) => {
    expect(fileNameFromContentDisposition(header)).toBeUndefined();
  });
});
