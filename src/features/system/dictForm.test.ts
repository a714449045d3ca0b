import { describe, expect, it } from 'vitest';
import { dictItemBody } from '../../schemas/system';
import { dictFormFrom, dictPayload, filterNames, nextSort } from './dictForm';

describe('dictionary form', () => {
  it('starts a new item in the current dictionary with an empty label colour', () => {
    const f = dictFormFrom(null, 'gender');
    expect(f).toMatchObject({ dict_name: 'gender', value: '', enabled: true, colors: { label: '' } });
  });

  it('keeps every colour of an edited item and leaves empty ones out of the payload', () => {
    const f = dictFormFrom({ id: 3, dict_name: 'r', value: '1', label: 'Paid', name: '', sort: 2, enabled: false, el_tag_color: { label: '#2f9e44', name: '#000' } }, 'x');
    expect(f.dict_name).toBe('r');
    const p = dictPayload({ ...f, value: ' 1 ', colors: { ...f.colors, name: '' } });
    expect(p).toEqual({ dict_name: 'r', value: '1', label: 'Paid', labels: {}, name: '', sort: 2, enabled: false, el_tag_color: { label: '#2f9e44' } });
    expect(dictItemBody.safeParse(p).success).toBe(true);
  });

  it('edits the stored base label and the per-language labels, leaving blank languages out', () => {
    const f = dictFormFrom({ id: 1, dict_name: 'gender', value: '1', label: 'ذكر', base_label: 'Male', labels: { ArEg: 'ذكر', zh: '男' }, name: '', sort: 0, enabled: true, el_tag_color: {} }, 'x');
    expect(f.label).toBe('Male');
    const p = dictPayload({ ...f, labels: { ...f.labels, zh: '  ', ThA: ' ชาย ' } });
    expect(p.labels).toEqual({ ArEg: 'ذكر', ThA: 'ชาย' });
    expect(dictItemBody.safeParse(p).success).toBe(true);
    expect(dictItemBody.safeParse({ ...p, labels: { xx: 'nope' } }).success).toBe(false);
  });

  it('sends sort 0 when the field was cleared', () => {
    expect(dictPayload({ ...dictFormFrom(null, 'g'), sort: '' }).sort).toBe(0);
  });

  it('proposes the next sort order and filters names', () => {
    expect(nextSort([])).toBe(0);
    expect(nextSort([{ sort: 4 }, { sort: 1 }])).toBe(5);
    expect(filterNames(['gender', 'reject_reason', 'religion'], ' RE ')).toEqual(['reject_reason', 'religion']);
    expect(filterNames(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});
