import dayjs from 'dayjs';

/** The duty report's currentTime (homework-and-tests.md section 7): the device's time as 'YYYY-MM-DD HH:mm:ss'. */
export function dutyTime(at: Date = new Date()): string {
  return dayjs(at).format('YYYY-MM-DD HH:mm:ss');
}
