import type { StaffCallName } from '../api/contracts/staff-calls';
import type { DashboardCountName } from '../api/contracts/admin-dashboard';
import type { admin } from '../i18n/messages/admin';
import type { adminClasses } from '../i18n/messages/admin-classes';
import type { MessageKey } from '~/server/i18n';
import { mayCall } from './access';
import type { StaffRole } from './roles';

/**
 * Every staff screen (src/pages/admin), declared once: its path, the name its page and the
 * navigation give it, the call that gates it, the screen it is opened from, its line on the
 * dashboard and what it counts. The navigation (AdminLayout) and the dashboard's cards show a role
 * the same screens, with the same counts; a class's links (ClassDetail) and each page's gate
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
  /** One line of what it is for, on its dashboard card (titled as in the navigation); every screen of the navigation has one but the dashboard. */
  hint?: keyof typeof admin;
  /** What waits for the person there, counted on the dashboard's card and as a badge in the navigation. */
  count?: DashboardCountName;
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
    hint: 'admin.dashboard.schoolHint',
  },
  { path: '/admin/school/preview', title: 'staff.page.school', call: 'schoolSettings', parent: '/admin/school' },
  {
    path: '/admin/news',
    title: 'adminContent.news',
    call: 'adminNewsPage',
    hint: 'admin.dashboard.newsHint',
  },
  { path: '/admin/news/edit', title: 'adminContent.editNews', call: 'adminNewsPage', parent: '/admin/news' },
  {
    path: '/admin/notices',
    title: 'adminContent.notices',
    call: 'adminNoticePage',
    hint: 'admin.dashboard.noticesHint',
  },
  { path: '/admin/notices/edit', title: 'adminContent.editNotice', call: 'adminNoticePage', parent: '/admin/notices' },
  {
    path: '/admin/leads',
    title: 'staff.page.leads',
    call: 'leads',
    hint: 'admin.dashboard.leadsHint',
    count: 'leads',
  },
  { path: '/admin/catalog/products', title: 'catalog.title.products', call: 'catalogProducts', hint: 'admin.dashboard.productsHint' },
  { path: '/admin/catalog/categories', title: 'catalog.title.categories', call: 'catalogCategories', hint: 'admin.dashboard.categoriesHint' },
  { path: '/admin/catalog/majors', title: 'catalog.title.majors', call: 'catalogMajorList', hint: 'admin.dashboard.majorsHint' },
  { path: '/admin/catalog/questions', title: 'catalog.title.questions', call: 'catalogQuestions', hint: 'admin.dashboard.questionsHint' },
  { path: '/admin/catalog/banners', title: 'catalog.title.banners', call: 'catalogBanners', hint: 'admin.dashboard.bannersHint' },
  {
    path: '/admin/catalog/album-categories',
    title: 'catalog.title.albumCategories',
    call: 'catalogAlbumCategories',
    hint: 'admin.dashboard.albumCategoriesHint',
  },
  { path: '/admin/catalog/materials', title: 'catalog.title.materials', call: 'catalogMaterials', hint: 'admin.dashboard.materialsHint' },
  { path: '/admin/catalog/coupons', title: 'catalog.title.coupons', call: 'catalogCoupons', hint: 'admin.dashboard.couponsHint' },
  {
    path: '/admin/classes',
    title: 'classes.title',
    call: 'adminClasses',
    hint: 'admin.dashboard.classesHint',
  },
  { path: '/admin/students', title: 'students.title', call: 'adminStudents', hint: 'admin.dashboard.studentsHint' },
  { path: '/admin/courses', title: 'courses.title', call: 'adminCourses', hint: 'admin.dashboard.coursesHint' },
  { path: '/admin/media', title: 'adminMedia.title', call: 'adminMediaPage', hint: 'admin.dashboard.mediaHint' },
  {
    path: '/admin/activities',
    title: 'activities.title',
    call: 'adminActivities',
    classLink: 'classes.link.activities',
    hint: 'admin.dashboard.activitiesHint',
  },
  { path: '/admin/inbox', title: 'inbox.title', call: 'adminQuestions', classLink: 'classes.link.inbox', hint: 'admin.dashboard.inboxHint' },
  { path: '/admin/progress', title: 'progress.title', call: 'adminProgress', classLink: 'classes.link.progress', hint: 'admin.dashboard.progressHint' },
  { path: '/admin/questions', title: 'bank.title', call: 'bankQuestions', hint: 'admin.dashboard.bankHint' },
  { path: '/admin/papers', title: 'bank.papersTitle', call: 'bankPapers', hint: 'admin.dashboard.papersHint' },
  { path: '/admin/papers/preview', title: 'bank.preview.title', call: 'bankPaperPreview', parent: '/admin/papers' },
  { path: '/admin/works', title: 'bank.worksTitle', call: 'adminClassWorks', classLink: 'classes.link.works', hint: 'admin.dashboard.worksHint' },
  { path: '/admin/marking', title: 'marking.title', call: 'adminMarkingQueue', hint: 'admin.dashboard.markingHint', count: 'marking' },
  { path: '/admin/certificates', title: 'certs.title', call: 'adminCertificateTests', hint: 'admin.dashboard.certificatesHint' },
  { path: '/admin/certificates/print', title: 'certs.printTitle', call: 'adminCertificateGet', parent: '/admin/certificates' },
  {
    path: '/admin/accounts',
    title: 'staff.page.accounts',
    call: 'accounts',
    hint: 'admin.dashboard.accountsHint',
  },
  {
    path: '/admin/audit',
    title: 'staff.page.audit',
    call: 'audit',
    hint: 'admin.dashboard.auditHint',
  },
  { path: '/admin/jobs', title: 'jobs.title', call: 'adminJobs', hint: 'admin.dashboard.jobsHint', count: 'jobs' },
  {
    path: '/admin/account',
    title: 'staff.page.account',
    call: 'me',
    hint: 'admin.dashboard.accountHint',
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

/** The dashboard's cards of a role: the screens of its navigation (the dashboard's own left out), in the same order. */
export function dashboardScreens(role: StaffRole): (GatedScreen & { hint: NonNullable<StaffScreen['hint']> })[] {
  return navScreens(role).filter((s): s is GatedScreen & { hint: NonNullable<StaffScreen['hint']> } => !!s.hint);
}

/** The counts a role sees (the dashboard's counts call answers these, and only these), in declared order. */
export function countedScreens(role: StaffRole): (GatedScreen & { count: DashboardCountName })[] {
  return navScreens(role).filter((s): s is GatedScreen & { count: DashboardCountName } => !!s.count);
}

/** A class's other screens a role may open (all of them when the role is not known yet). */
export function classLinkScreens(role: StaffRole | undefined): (GatedScreen & { classLink: NonNullable<StaffScreen['classLink']> })[] {
  return (STAFF_SCREENS as readonly StaffScreen[])
    .filter(gated)
    .filter((s): s is GatedScreen & { classLink: NonNullable<StaffScreen['classLink']> } => !!s.classLink && (!role || mayCall(role, s.call)));
}
