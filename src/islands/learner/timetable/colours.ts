/** Event colours of the timetable: online and face-to-face classrooms (white text on both passes contrast). */
export const EVENT_COLOURS = { online: '#2563eb', offline: '#c2410c' } as const;
