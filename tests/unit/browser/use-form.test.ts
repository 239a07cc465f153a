// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmitEvent } from 'react';
import { useForm } from '~/islands/shared/use-form';

/** The hook behind the consult, login, registration and certificate forms. */

type Values = { name: string; mobile: string };
const EMPTY: Values = { name: '', mobile: '' };
const FIELDS = ['name', 'mobile'] as const;
const check = (field: keyof Values, value: unknown) =>
  field === 'name' ? (value ? null : '请输入姓名') : /^1\d{10}$/.test(String(value)) ? null : '手机号码格式不正确';

const event = () => ({ preventDefault: vi.fn() }) as unknown as SubmitEvent<HTMLFormElement>;

function setup() {
  const { result } = renderHook(() => useForm({ initial: EMPTY, check }));
  // The inputs the hook focuses, with the ids it gives them.
  for (const field of FIELDS) {
    const input = document.createElement('input');
    input.id = result.current.id(field);
    document.body.appendChild(input);
  }
  return result;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('useForm', () => {
  it('checks a field as it changes only once its message is shown', () => {
    const form = setup();
    act(() => form.current.change('mobile', '123'));
    expect(form.current.errors.mobile).toBeUndefined();
    act(() => form.current.blur('mobile'));
    expect(form.current.errors.mobile).toBe('手机号码格式不正确');
    act(() => form.current.change('mobile', '13800138000'));
    expect(form.current.errors.mobile).toBeUndefined();
  });

  it('leaves an untouched empty field alone on blur', () => {
    const form = setup();
    act(() => form.current.blur('name'));
    expect(form.current.errors).toEqual({});
  });

  it('a submit with invalid fields shows every message, focuses the first and sends nothing', async () => {
    const form = setup();
    const send = vi.fn(async () => undefined);
    const onInvalid = vi.fn();
    await act(() => form.current.onSubmit(FIELDS, send, onInvalid)(event()));
    expect(form.current.errors).toEqual({ name: '请输入姓名', mobile: '手机号码格式不正确' });
    expect(document.activeElement?.id).toBe(form.current.id('name'));
    expect(onInvalid).toHaveBeenCalledWith('name', '请输入姓名');
    expect(send).not.toHaveBeenCalled();
  });

  it('a valid submit clears the notice, is busy while sending and ignores a second submit', async () => {
    const form = setup();
    act(() => {
      form.current.change('name', '张三');
      form.current.change('mobile', '13800138000');
      form.current.setNotice({ text: '发送成功', kind: 'success' });
    });
    let finish!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first!: Promise<void>;
    act(() => {
      first = form.current.onSubmit(FIELDS, send)(event());
    });
    expect(form.current.submitting).toBe(true);
    expect(form.current.notice).toBeNull();
    await act(() => form.current.onSubmit(FIELDS, send)(event()));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: '张三', mobile: '13800138000' });
    await act(async () => {
      finish();
      await first;
    });
    expect(form.current.submitting).toBe(false);
  });

  it("a refused submit shows the error's message; 'leaving' keeps the form busy", async () => {
    const form = setup();
    act(() => {
      form.current.change('name', '张三');
      form.current.change('mobile', '13800138000');
    });
    await act(() => form.current.onSubmit(FIELDS, () => Promise.reject(new Error('验证码错误')))(event()));
    expect(form.current.notice).toEqual({ text: '验证码错误', kind: 'error' });
    expect(form.current.submitting).toBe(false);

    await act(() => form.current.onSubmit(FIELDS, () => Promise.reject(new Error('')))(event()));
    expect(form.current.notice).toEqual({ text: '系统繁忙', kind: 'error' });

    const send = vi.fn(async () => 'leaving' as const);
    await act(() => form.current.onSubmit(FIELDS, send)(event()));
    await act(() => form.current.onSubmit(FIELDS, send)(event()));
    expect(send).toHaveBeenCalledTimes(1);
    expect(form.current.submitting).toBe(true);
  });

  it('field() ties a text field to the form', () => {
    const form = setup();
    const props = form.current.field('name');
    expect(props).toMatchObject({ id: form.current.id('name'), name: 'name', value: '', error: undefined });
    act(() => props.onValue('李四'));
    expect(form.current.values.name).toBe('李四');
  });
});
