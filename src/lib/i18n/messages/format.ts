import { translator } from '../translate';

/** The formatting rules of src/lib/format.ts: relative times, view counts, distances. */
export const format = {
  'time.secondsAgo': '{n}秒前',
  'time.minutesAgo': '{n}分钟前',
  'time.hoursAgo': '{n}小时前',
  'time.daysAgo': '{n}天前',
  'time.justNow': '刚刚',
  'header.views100k': '10万+',
  'header.views500k': '50万+',
  'header.km': '{n}km',
  'header.m': '{n}m',
} as const;

export const t = /* @__PURE__ */ translator(format);
