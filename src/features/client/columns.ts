import type { IntlShape } from 'react-intl';
import type { GridColumnDef, GridRow } from '../../ui/DataGrid';

/** `option.<key>.<value>` in the user's language, else the value as it is. */
export function optionWord(intl: IntlShape, key: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const id = `option.${key}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}

/** A yes / no column as a coloured pill (colour for yes and/or for no; none: plain grey). */
export function flagColumn<R extends GridRow>(intl: IntlShape, key: string, get: (r: R) => boolean, colors: { on?: string; off?: string } = {}): GridColumnDef<R> {
  const yes = intl.formatMessage({ id: 'filter.yes' });
  const no = intl.formatMessage({ id: 'filter.no' });
  return {
    key, title: `field.${key}`, kind: 'tag', width: 100,
    format: (r) => (get(r) ? yes : no),
    tagColor: (r) => (get(r) ? colors.on : colors.off),
  };
}
