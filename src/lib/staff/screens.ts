import type { StaffCallName } from '../api/contracts/staff-calls';
import type { admin } from '../i18n/messages/admin';
import type { adminClasses } from '../i18n/messages/admin-classes';
import type { MessageKey } from '~/server/i18n';
import { mayCall } from './access';
import type { StaffRole } from './roles';

/**
 * Every staff screen (src/pages/admin), declared once: its path, the name its page and the
 * navigation give it, the call that gates it, and the screen it is opened from. The navigation
 * (AdminLayout), the dashboard's cards, a class's links (ClassDetail) and each page's gate
 * (src/server/pages/staff-page.ts, by the page's route) are all read from here, so a role sees a
 * link exactly when the page behind it lets them in. tests/unit/staff-screens.test.ts checks that
 * every page under src/pages/admin is declared and takes its gate from here.
 */
export interface StaffScreen {
  /** The page's route, as Astro names it (`Astro.routePattern`). */
  path: string;
  /** The page's name (the document title) and its label in the navigation. */
  title: MessageKey;
  /** The call the screen makes first; a role that may not make it gets the page's 403. Null: a page for people not signed in. */
  call: StaffCallName | null;
  /** The screen this one is opened from (an editor, a preview, a print); such a screen is not in the navigation. */
  parent?: string;
  /** Its card on the dashboard: a title and one line of what it is for. */
  dashboard?: { title: keyof typeof admin; hint: keyof typeof admin };
  /** Its label among a class's other screens, opened with the class chosen (?classId=). */
  classLink?: keyof typeof adminClasses;
}

export const STAFF_SCREENS = [
  { path: '/admin/login', title: 'staff.page.login', call: null },
  { path: '/admin/accept', title: 'staff.page.accept', call: null },
  { path: '/admin/reset', title: 'staff.page.reset', call: null },
  { path: '/admin/forgot', title: 'staff.page.forgot', call: null },
  { path: '/admin', title: 'staff.page.dashboard', call: 'me' },
  {
    path: '/admin/school',
    title: 'staff.page.school',
    call: 'schoolSettings',
    dashboard: { title: 'admin.dashboard.schoolTitle', hint: 'admin.dashboard.schoolHint' },
  },
  { path: '/admin/school/preview', title: 'staff.page.school', call: 'schoolSettings', parent: '/admin/school' },
  {
    path: '/admin/news',
    title: 'adminContent.news',
    call: 'adminNewsPage',
    dashboard: { title: 'admin.dashboard.news', hint: 'admin.dashboard.newsHint' },
  },
  { path: '/admin/news/edit', title: 'adminContent.editNews', call: 'adminNewsPage', parent: '/admin/news' },
  {
    path: '/admin/notices',
    title: 'adminContent.notices',
    call: 'adminNoticePage',
    dashboard: { title: 'admin.dashboard.notices', hint: 'admin.dashboard.noticesHint' },
  },
  { path: '/admin/notices/edit', title: 'adminContent.editNotice', call: 'adminNoticePage', parent: '/admin/notices' },
  {
    path: '/admin/leads',
    title: 'staff.page.leads',
    call: 'leads',
    dashboard: { title: 'admin.leads.title', hint: 'admin.dashboard.leadsHint' },
  },
  { path: '/admin/catalog/products', title: 'catalog.title.products', call: 'catalogProducts' },
  { path: '/admin/catalog/categories', title: 'catalog.title.categories', call: 'catalogCategories' },
  { path: '/admin/catalog/majors', title: 'catalog.title.majors', call: 'catalogMajorList' },
  { path: '/admin/catalog/questions', title: 'catalog.title.questions', call: 'catalogQuestions' },
  { path: '/admin/catalog/banners', title: 'catalog.title.banners', call: 'catalogBanners' },
  { path: '/admin/catalog/album-categories', title: 'catalog.title.albumCategories', call: 'catalogAlbumCategories' },
  { path: '/admin/catalog/materials', title: 'catalog.title.materials', call: 'catalogMaterials' },
  { path: '/admin/catalog/coupons', title: 'catalog.title.coupons', call: 'catalogCoupons' },
  {
    path: '/admin/classes',
    title: 'classes.title',
    call: 'adminClasses',
    dashboard: { title: 'admin.dashboard.classes', hint: 'admin.dashboard.classesHint' },
  },
  { path: '/admin/students', title: 'students.title', call: 'adminStudents' },
  { path: '/admin/courses', title: 'courses.title', call: 'adminCourses' },
  { path: '/admin/media', title: 'adminMedia.title', call: 'adminMediaPage' },
  { path: '/admin/activities', title: 'activities.title', call: 'adminActivities', classLink: 'classes.link.activities' },
  { path: '/admin/inbox', title: 'inbox.title', call: 'adminQuestions', classLink: 'classes.link.inbox' },
  { path: '/admin/progress', title: 'progress.title', call: 'adminProgress', classLink: 'classes.link.progress' },
  { path: '/admin/questions', title: 'bank.title', call: 'bankQuestions' },
  { path: '/admin/papers', title: 'bank.papersTitle', call: 'bankPapers' },
  { path: '/admin/papers/preview', title: 'bank.preview.title', call: 'bankPaperPreview', parent: '/admin/papers' },
  { path: '/admin/works', title: 'bank.worksTitle', call: 'adminClassWorks', classLink: 'classes.link.works' },
  { path: '/admin/marking', title: 'marking.title', call: 'adminMarkingQueue' },
  { path: '/admin/certificates', title: 'certs.title', call: 'adminCertificateTests' },
  { path: '/admin/certificates/print', title: 'certs.printTitle', call: 'adminCertificateGet', parent: '/admin/certificates' },
  {
    path: '/admin/accounts',
    title: 'staff.page.accounts',
    call: 'accounts',
    dashboard: { title: 'admin.accounts.title', hint: 'admin.dashboard.accountsHint' },
  },
  {
    path: '/admin/audit',
    title: 'staff.page.audit',
    call: 'audit',
    dashboard: { title: 'admin.audit.title', hint: 'admin.dashboard.auditHint' },
  },
  { path: '/admin/jobs', title: 'jobs.title', call: 'adminJobs' },
  {
    path: '/admin/account',
    title: 'staff.page.account',
    call: 'me',
    dashboard: { title: 'admin.account.title', hint: 'admin.dashboard.accountHint' },
  },
] as const satisfies readonly StaffScreen[];

/** A screen a signed-in person opens: one with a gating call. */
export type GatedScreen = StaffScreen & { call: StaffCallName };

const gated = (s: StaffScreen): s is GatedScreen => s.call !== null;

/** The screen at a route, or undefined when no staff screen is declared there. */
export function staffScreen(path: string): StaffScreen | undefined {
  return (STAFF_SCREENS as readonly StaffScreen[]).find((s) => s.path === path);
}

/** The navigation of a role: the top-level screens (none opened from another) it may open, in declared order. */
export function navScreens(role: StaffRole): GatedScreen[] {
  return (STAFF_SCREENS as readonly StaffScreen[]).filter(gated).filter((s) => !s.parent && mayCall(role, s.call));
}

/** The screens with a card on the dashboard that a role may open, in declared order. */
export function dashboardScreens(role: StaffRole): (GatedScreen & { dashboard: NonNullable<StaffScreen['dashboard']> })[] {
  return (STAFF_SCREENS as readonly StaffScreen[])
    .filter(gated)
    .filter((s): s is GatedScreen & { dashboard: NonNullable<StaffScreen['dashboard']> } => !!s.dashboard && mayCall(role, s.call));
}

/** A class's other screens a role may open (all of them when the role is not known yet). */
export function classLinkScreens(role: StaffRole | undefined): (GatedScreen & { classLink: NonNullable<StaffScreen['classLink']> })[] {
  return (STAFF_SCREENS as readonly StaffScreen[])
    .filter(gated)
    .filter((s): s is GatedScreen & { classLink: NonNullable<StaffScreen['classLink']> } => !!s.classLink && (!role || mayCall(role, s.call)));
}
