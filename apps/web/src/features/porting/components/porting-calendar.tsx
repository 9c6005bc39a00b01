import '@mantine/dates/styles.css';
import { DatePicker, DatesProvider } from '@mantine/dates';
import type { DayWindow } from '../dates';
import classes from './porting-calendar.module.css';

interface PortingCalendarProps {
  /** The chosen day, YYYY-MM-DD. */
  value: string;
  onChange: (day: string) => void;
  window: DayWindow;
}

/** The porting day's calendar: Russian, weeks from Monday, only the allowed days choosable. */
export function PortingCalendar({ value, onChange, window }: PortingCalendarProps) {
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1, consistentWeeks: true }}>
      <DatePicker
        value={value}
        onChange={(v) => {
          if (v) onChange(String(v));
        }}
        defaultDate={value}
        minDate={window.earliest}
        maxDate={window.latest}
        allowDeselect={false}
        // Days of the next month inside the grid were faint (2.2:1) yet choosable: each day in its own month.
        hideOutsideDates
        nextLabel="Следующий месяц"
        previousLabel="Предыдущий месяц"
        aria-label="Календарь: дата переноса"
        classNames={{ day: classes.day }}
      />
    </DatesProvider>
  );
}
