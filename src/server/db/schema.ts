import type { SchoolDomainTable, SchoolTable, ServicePointTable, TenantTable } from '../tenant/tenant.table';
import type { HotMajorTable, NewsCategoryLinkTable, NewsCategoryTable, NewsTable, NoticeTable } from '../content/content.table';
import type { UserTable, UserTenantTable, UserTokenTable } from '../identity/identity.table';
import type {
  ContentOperationTable,
  ContentOperationTagTable,
  MaterialCategoryTabTable,
  MaterialCategoryTable,
  MaterialPosterTable,
  MaterialTable,
} from '../media/media.table';
import type { CommentScoreTable, CommentScoreTagLinkTable, CommentScoreTagTable, CommentTable, ThumbsRecordTable } from '../engagement/engagement.table';
import type {
  CommonQuestionTable,
  HotMajorProductTable,
  ProductOperationCategoryTable,
  ProductOperationRelationTable,
  ProductTable,
} from '../products/products.table';
import type { CertificationOrganizationTable, UniversityInformationTable } from '../school/school.table';
import type { SmsBudgetDayTable, SmsCodeTable, SmsOutboxTable, SmsSendStateTable, SmsSettingsTable } from '../sms/sms.table';
import type { ClassNoticeTable, MessageTable } from '../messages/messages.table';
import type { ClueTable, CouponTable, CustomerServiceTable, EnrollContactTable } from '../leads/leads.table';
import type { PlatformParameterTable, RolePackTable, SchoolVisitTable } from '../platform/platform.table';
import type { InvitationCodeTable, InvitationJoinTable, LoginFailureTable, LoginSuccessTable, SsoNonceTable } from '../login/login.table';
import type { RateCountTable } from '../limits/limits.table';
import type { CaptchaTable } from '../captcha/captcha.table';
import type { CertificateQueryTable, CertificateNumberingTable, SkillCertificateTable, TrainingCertificateTable } from '../certificates/certificates.table';
import type { ClassPeriodTable, ClassStudentPeriodTable, ClassStudentTable, ClassTotalsTable, TeachingClassTable } from '../learning/classes/classes.table';
import type { ClassTeacherTable } from '../learning/classes/classes.table';
import type {
  ClassCourseTable,
  ClassroomTable,
  CourseChapterTable,
  CourseIntroductionTable,
  CourseTable,
  DutyRuleTable,
} from '../learning/courses/courses.table';
import type { ClassActivityTable, ClassDynamicTable } from '../learning/activities/activities.table';
import type { ActivityAttendanceTable } from '../learning/attendance/attendance.table';
import type { LessonRecordTable, StudyClockTable } from '../learning/study/study.table';
import type { CalendarFeedTable } from '../learning/timetable/timetable.table';
import type {
  ClassroomCommentTable,
  ClassroomLikeTable,
  ClassroomNoteTable,
  ClassroomQuestionAnswerTable,
  ClassroomQuestionDraftTable,
  ClassroomQuestionTable,
} from '../learning/interaction/interaction.table';
import type {
  ActivityHighlightTable,
  ClassroomPointTable,
  ClassroomTeacherTable,
  OfflineClassroomTable,
} from '../learning/offline-classroom/offline-classroom.table';
import type { WorkTable } from '../exams/works/works.table';
import type { ExamPaperGroupTable, ExamPaperTable, ExamQuestionTable } from '../exams/papers/papers.table';
import type { BankQuestionTable } from '../exams/questions/questions.table';
import type { WorkAnswerTable, WorkLateAnswerTable } from '../exams/answers/answers.table';
import type { WorkMarkTable } from '../exams/marking/marking.table';
import type { WorkAttemptTable, WorkDutyReportTable } from '../exams/attempts/attempts.table';
import type {
  StaffAccountTable,
  StaffChallengeTable,
  StaffInvitationTable,
  StaffPasswordResetTable,
  StaffSessionTable,
  StaffSignInFailureTable,
  StaffRecoveryCodeTable,
} from '../staff/accounts/accounts.table';
import type { StaffAuditTable } from '../staff/audit/audit.table';
import type { StoredFileTable } from '../storage/files.table';
import type { JobTable } from '../jobs/jobs.table';
import type { MediaAssetTable, MediaUploadGateTable, MediaUploadLockTable, MediaUploadTable } from '../media-library/media-library.table';

/** The database as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case columns). */
export interface Database {
  tenants: TenantTable;
  schools: SchoolTable;
  schoolDomains: SchoolDomainTable;
  servicePoints: ServicePointTable;
  newsCategories: NewsCategoryTable;
  news: NewsTable;
  newsCategoryLinks: NewsCategoryLinkTable;
  notices: NoticeTable;
  hotMajors: HotMajorTable;
  users: UserTable;
  userTenants: UserTenantTable;
  userTokens: UserTokenTable;
  materialPosters: MaterialPosterTable;
  materialCategoryTabs: MaterialCategoryTabTable;
  materialCategories: MaterialCategoryTable;
  materials: MaterialTable;
  contentOperationTags: ContentOperationTagTable;
  contentOperations: ContentOperationTable;
  comments: CommentTable;
  thumbsRecords: ThumbsRecordTable;
  rateCount: RateCountTable;
  commentScores: CommentScoreTable;
  commentScoreTags: CommentScoreTagTable;
  commentScoreTagLinks: CommentScoreTagLinkTable;
  products: ProductTable;
  productOperationCategories: ProductOperationCategoryTable;
  productOperationRelations: ProductOperationRelationTable;
  hotMajorProducts: HotMajorProductTable;
  commonQuestions: CommonQuestionTable;
  universityInformation: UniversityInformationTable;
  certificationOrganizations: CertificationOrganizationTable;
  smsCodes: SmsCodeTable;
  smsSendState: SmsSendStateTable;
  smsSettings: SmsSettingsTable;
  smsOutbox: SmsOutboxTable;
  smsBudgetDays: SmsBudgetDayTable;
  messages: MessageTable;
  classNotices: ClassNoticeTable;
  clues: ClueTable;
  customerServices: CustomerServiceTable;
  coupons: CouponTable;
  enrollContacts: EnrollContactTable;
  platformParameters: PlatformParameterTable;
  schoolVisits: SchoolVisitTable;
  rolePacks: RolePackTable;
  loginFailures: LoginFailureTable;
  loginSuccesses: LoginSuccessTable;
  ssoNonces: SsoNonceTable;
  invitationCodes: InvitationCodeTable;
  invitationJoins: InvitationJoinTable;
  captchas: CaptchaTable;
  skillCertificates: SkillCertificateTable;
  trainingCertificates: TrainingCertificateTable;
  certificateQueries: CertificateQueryTable;
  certificateNumbering: CertificateNumberingTable;
  teachingClasses: TeachingClassTable;
  classPeriods: ClassPeriodTable;
  classTotals: ClassTotalsTable;
  classTeachers: ClassTeacherTable;
  classStudents: ClassStudentTable;
  classStudentPeriods: ClassStudentPeriodTable;
  courses: CourseTable;
  classCourses: ClassCourseTable;
  courseChapters: CourseChapterTable;
  classrooms: ClassroomTable;
  classActivities: ClassActivityTable;
  dutyRules: DutyRuleTable;
  classDynamics: ClassDynamicTable;
  activityAttendance: ActivityAttendanceTable;
  lessonRecords: LessonRecordTable;
  studyClocks: StudyClockTable;
  workAttempts: WorkAttemptTable;
  courseIntroductions: CourseIntroductionTable;
  calendarFeeds: CalendarFeedTable;
  classroomQuestions: ClassroomQuestionTable;
  classroomQuestionAnswers: ClassroomQuestionAnswerTable;
  classroomQuestionDrafts: ClassroomQuestionDraftTable;
  classroomNotes: ClassroomNoteTable;
  classroomComments: ClassroomCommentTable;
  classroomLikes: ClassroomLikeTable;
  offlineClassrooms: OfflineClassroomTable;
  classroomPoints: ClassroomPointTable;
  classroomTeachers: ClassroomTeacherTable;
  activityHighlights: ActivityHighlightTable;
  examPapers: ExamPaperTable;
  examQuestions: ExamQuestionTable;
  examPaperGroups: ExamPaperGroupTable;
  bankQuestions: BankQuestionTable;
  works: WorkTable;
  workAnswers: WorkAnswerTable;
  workLateAnswers: WorkLateAnswerTable;
  workDutyReports: WorkDutyReportTable;
  workMarks: WorkMarkTable;
  staffAccounts: StaffAccountTable;
  staffSessions: StaffSessionTable;
  staffChallenges: StaffChallengeTable;
  staffInvitations: StaffInvitationTable;
  staffPasswordResets: StaffPasswordResetTable;
  staffSignInFailures: StaffSignInFailureTable;
  staffAuditLog: StaffAuditTable;
  storedFiles: StoredFileTable;
  staffRecoveryCodes: StaffRecoveryCodeTable;
  jobs: JobTable;
  mediaAssets: MediaAssetTable;
  mediaUploads: MediaUploadTable;
  mediaUploadGate: MediaUploadGateTable;
  mediaUploadLocks: MediaUploadLockTable;
}
