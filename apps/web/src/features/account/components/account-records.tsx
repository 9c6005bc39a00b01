import { Box, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Text } from '../../../components/plain';
import { type EndingKind, StatusBadge } from '../../porting';
import type { OrderStatus } from '../api';
import { AccountPager } from './account-pager';
import { RecordCards } from './record-cards';

/** One field of a record: a card line on phones and a table column from `sm` up (unless `cardOnly`). */
export interface RecordField<T> {
  label: string;
  value: (record: T) => ReactNode;
  /** Dates and the like stay on one line. */
  nowrap?: boolean;
  /** Shown in the card only: the table says it in the first column. */
  cardOnly?: boolean;
}

interface AccountRecordsProps<T> {
  /** The list's accessible name («Заявления»). */
  label: string;
  /** The first column's header («Заявление»). */
  idLabel: string;
  records: T[];
  totalRows: number;
  /** What an empty page says: past the last page, and with no records at all. */
  empty: { page: string; none: string };
  /** A card's title and the table's first cell. */
  title: (record: T) => ReactNode;
  idCell: (record: T) => ReactNode;
  fields: RecordField<T>[];
  /** The list's address without the page, and the page shown. */
  base: string;
  page: number;
}

/** A page of an account list (orders, portations): cards on phones, a table from `sm` up, then the pager. */
export function AccountRecords<T extends { id: number; status: OrderStatus; ending?: EndingKind | null }>({
  label,
  idLabel,
  records,
  totalRows,
  empty,
  title,
  idCell,
  fields,
  base,
  page,
}: AccountRecordsProps<T>) {
  const columns = fields.filter((f) => !f.cardOnly);
  return (
    <>
      {records.length === 0 && <Text c="dimmed">{totalRows > 0 ? empty.page : empty.none}</Text>}
      {records.length > 0 && (
        <RecordCards
          label={label}
          records={records.map((r) => ({
            key: r.id,
            title: title(r),
            badge: <StatusBadge status={r.status} ending={r.ending} />,
            fields: fields.map((f) => ({
              label: f.label,
              value: f.nowrap ? <span className="nowrap">{f.value(r)}</span> : f.value(r),
            })),
          }))}
        />
      )}
      {records.length > 0 && (
        <Box visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{idLabel}</Table.Th>
                <Table.Th>Статус</Table.Th>
                {columns.map((f) => (
                  <Table.Th key={f.label}>{f.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{idCell(r)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} ending={r.ending} />
                  </Table.Td>
                  {columns.map((f) => (
                    <Table.Td key={f.label} className={f.nowrap ? 'nowrap' : undefined}>
                      {f.value(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <AccountPager base={base} page={page} totalRows={totalRows} />
    </>
  );
}
