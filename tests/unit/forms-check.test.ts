import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaCheck, schemaErrors } from '~/lib/forms/check';
import { couponForm } from '~/lib/forms/catalog';
import { answerForm, visibilityForm } from '~/lib/forms/inbox';
import { ANSWER_MAX } from '~/lib/api/contracts/admin-interaction';

const schema = z.object({
  name: z.string().trim().min(1, '请输入名称').max(4, '名称不能超过4个字'),
  seq: z.coerce.number({ error: '排序须为数字' }).int('排序须为整数'),
});

describe('a staff form checks a field with the schema its route validates with', () => {
  const check = schemaCheck(schema);

  it('answers the schema’s first message for a bad value, null for a good one', () => {
    expect(check('name', '  ')).toBe('请输入名称');
    expect(check('name', '一二三四五')).toBe('名称不能超过4个字');
    expect(check('name', '一二三四')).toBeNull();
    expect(check('seq', '1.5')).toBe('排序须为整数');
    expect(check('seq', '3')).toBeNull();
  });

  it('has nothing to say of a field the schema does not hold', () => {
    expect(check('other', 'anything')).toBeNull();
  });
});

describe('a form sent whole is checked whole before it is sent', () => {
  it('answers the first refusal of each field, and none for a form the route would take', () => {
    expect(schemaErrors(schema, { name: '  ', seq: 'x' })).toEqual({ name: '请输入名称', seq: '排序须为数字' });
    expect(schemaErrors(schema, { name: '一二三四五', seq: '1.5' })).toEqual({ name: '名称不能超过4个字', seq: '排序须为整数' });
    expect(schemaErrors(schema, { name: '电工', seq: '2' })).toEqual({});
  });

  it('puts a rule across fields, which names none, under the empty name', () => {
    const coupon = { title: '立减', amount: 30, minPoint: 0, useStartTime: 2_000, useEndTime: 1_000, state: 1 };
    expect(schemaErrors(couponForm, coupon)).toEqual({ '': '结束时间不能早于开始时间' });
    expect(schemaErrors(couponForm, { ...coupon, useEndTime: 3_000 })).toEqual({});
  });
});

describe('the inbox forms', () => {
  it('refuse an answer or a reason of spaces, or an answer too long, with the words the route answers', () => {
    const answer = schemaCheck(answerForm);
    expect(answer('answer', '  \n ')).toBe('请填写回答内容');
    expect(answer('answer', '一'.repeat(ANSWER_MAX + 1))).toBe(`回答不能超过 ${ANSWER_MAX} 个字`);
    expect(answer('answer', ' 先断电 ')).toBeNull();
    expect(schemaCheck(visibilityForm)('reason', '   ')).toBe('请填写原因');
  });
});
