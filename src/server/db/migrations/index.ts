import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m20261122T0900 from './20261122T0900_initial';
import * as m20261122T0950 from './20261122T0950_identity';
import * as m20261122T1100 from './20261122T1100_engagement';
import * as m20261122T1110 from './20261122T1110_leads_sms';
import * as m20261122T1120 from './20261122T1120_products_school';
import * as m20261122T1300 from './20261122T1300_certificates';
import * as m20261122T1310 from './20261122T1310_login';
import * as m20261122T1400 from './20261122T1400_ordered_indexes';
import * as m20261123T1000 from './20261123T1000_engagement_actions';
import * as m20261123T1100 from './20261123T1100_learning';
import * as m20261123T1200 from './20261123T1200_learning_records';
import * as m20261123T1310 from './20261123T1310_calendar_feeds';
import * as m20261123T1320 from './20261123T1320_course_details';
import * as m20261123T1410 from './20261123T1410_offline_classroom';
import * as m20261123T1420 from './20261123T1420_classroom_interaction';
import * as m20261123T1500 from './20261123T1500_exams';
import * as m20261125T1310 from './20261125T1310_study_clock';
import * as m20261125T1320 from './20261125T1320_answer_revisions';
import * as m20261125T1330 from './20261125T1330_attempt_policy';
import * as m20261125T1340 from './20261125T1340_rate_limits';
import * as m20261125T1400 from './20261125T1400_staff';
import * as m20261125T1600 from './20261125T1600_stored_files';
import * as m20261125T1610 from './20261125T1610_leads_staff';
import * as m20261125T1630 from './20261125T1630_jobs';
import * as m20261125T1620 from './20261125T1620_school_settings';
import * as m20261125T1640 from './20261125T1640_product_detail';
import * as m20261125T1700 from './20261125T1700_catalog_schedule';
import * as m20261125T1720 from './20261125T1720_class_teachers';
import * as m20261125T1730 from './20261125T1730_media_assets';
import * as m20261125T1750 from './20261125T1750_activity_series';
import * as m20261125T1751 from './20261125T1751_attendance_corrections';
import * as m20261125T1800 from './20261125T1800_interaction_moderation';
import * as m20261128T0600 from './20261128T0600_certificates_issuing';
import * as m20261128T0610 from './20261128T0610_work_marks';
import * as m20261128T0620 from './20261128T0620_question_bank';
import * as m20261128T1900 from './20261128T1900_login_devices';
import * as m20261128T1930 from './20261128T1930_media_uploads';
import * as m20261128T1931 from './20261128T1931_class_student_periods';
import * as m20261129T0200 from './20261129T0200_media_upload_locks';
import * as m20261129T0400 from './20261129T0400_school_links';
import * as m20261129T0600 from './20261129T0600_stored_file_sizes';
import * as m20261129T1700 from './20261129T1700_rate_account_share';
import * as m20261130T0100 from './20261130T0100_class_wide_indexes';
import * as m20261130T0300 from './20261130T0300_attendance_student_idx';
import * as m20261130T0500 from './20261130T0500_staff_password_resets';
import * as m20261130T0505 from './20261130T0505_hot_major_products_by_product';
import * as m20261130T0510 from './20261130T0510_dashboard_counts';
import * as m20261130T0515 from './20261130T0515_audit_target_names';
import * as m20261130T0600 from './20261130T0600_school_logo_size';
import * as m20261130T0610 from './20261130T0610_school_student_status';
import * as m20261130T0700 from './20261130T0700_messages';
import * as m20261130T0800 from './20261130T0800_certificate_numbering';
import * as m20261130T0810 from './20261130T0810_lead_conversion';
import * as m20261130T2100 from './20261130T2100_rate_log_lean';
import * as m20261201T1700 from './20261201T1700_rate_events_dropped';
import * as m20261202T0100 from './20261202T0100_news_links_by_news';
import * as m20261202T0300 from './20261202T0300_failures_forgiven';
import * as m20261203T0900 from './20261203T0900_rate_counts';
import * as m20261203T1800 from './20261203T1800_rate_log_dropped';
import * as m20261206T1900 from './20261206T1900_class_totals';
import * as m20261207T0230 from './20261207T0230_class_dynamics_by_activity';
import * as m20261207T0300 from './20261207T0300_class_dynamics_by_student';
import * as m20261207T0500 from './20261207T0500_class_lessons_done';
import * as m20261207T0900 from './20261207T0900_school_reads_by_key';
import * as m20261207T1000 from './20261207T1000_children_found_by_parent';
import * as m20261207T1200 from './20261207T1200_every_child_found_by_parent';
import * as m20261207T1300 from './20261207T1300_certificates_and_sweeps_by_key';

/** Static list so migrations survive bundling. Names sort by time; never rename or edit one. */
const migrations: Record<string, Migration> = {
  '20261122T0900_initial': m20261122T0900,
  '20261122T0950_identity': m20261122T0950,
  '20261122T1100_engagement': m20261122T1100,
  '20261122T1110_leads_sms': m20261122T1110,
  '20261122T1120_products_school': m20261122T1120,
  '20261122T1300_certificates': m20261122T1300,
  '20261122T1310_login': m20261122T1310,
  '20261122T1400_ordered_indexes': m20261122T1400,
  '20261123T1000_engagement_actions': m20261123T1000,
  '20261123T1100_learning': m20261123T1100,
  '20261123T1200_learning_records': m20261123T1200,
  '20261123T1310_calendar_feeds': m20261123T1310,
  '20261123T1320_course_details': m20261123T1320,
  '20261123T1410_offline_classroom': m20261123T1410,
  '20261123T1420_classroom_interaction': m20261123T1420,
  '20261123T1500_exams': m20261123T1500,
  '20261125T1310_study_clock': m20261125T1310,
  '20261125T1320_answer_revisions': m20261125T1320,
  '20261125T1330_attempt_policy': m20261125T1330,
  '20261125T1340_rate_limits': m20261125T1340,
  '20261125T1400_staff': m20261125T1400,
  '20261125T1600_stored_files': m20261125T1600,
  '20261125T1610_leads_staff': m20261125T1610,
  '20261125T1630_jobs': m20261125T1630,
  '20261125T1620_school_settings': m20261125T1620,
  '20261125T1640_product_detail': m20261125T1640,
  '20261125T1700_catalog_schedule': m20261125T1700,
  '20261125T1720_class_teachers': m20261125T1720,
  '20261125T1730_media_assets': m20261125T1730,
  '20261125T1750_activity_series': m20261125T1750,
  '20261125T1751_attendance_corrections': m20261125T1751,
  '20261125T1800_interaction_moderation': m20261125T1800,
  '20261128T0600_certificates_issuing': m20261128T0600,
  '20261128T0610_work_marks': m20261128T0610,
  '20261128T0620_question_bank': m20261128T0620,
  '20261128T1900_login_devices': m20261128T1900,
  '20261128T1930_media_uploads': m20261128T1930,
  '20261128T1931_class_student_periods': m20261128T1931,
  '20261129T0200_media_upload_locks': m20261129T0200,
  '20261129T0400_school_links': m20261129T0400,
  '20261129T0600_stored_file_sizes': m20261129T0600,
  '20261129T1700_rate_account_share': m20261129T1700,
  '20261130T0100_class_wide_indexes': m20261130T0100,
  '20261130T0300_attendance_student_idx': m20261130T0300,
  '20261130T0500_staff_password_resets': m20261130T0500,
  '20261130T0505_hot_major_products_by_product': m20261130T0505,
  '20261130T0510_dashboard_counts': m20261130T0510,
  '20261130T0515_audit_target_names': m20261130T0515,
  '20261130T0600_school_logo_size': m20261130T0600,
  '20261130T0610_school_student_status': m20261130T0610,
  '20261130T0700_messages': m20261130T0700,
  '20261130T0800_certificate_numbering': m20261130T0800,
  '20261130T0810_lead_conversion': m20261130T0810,
  '20261130T2100_rate_log_lean': m20261130T2100,
  '20261201T1700_rate_events_dropped': m20261201T1700,
  '20261202T0100_news_links_by_news': m20261202T0100,
  '20261202T0300_failures_forgiven': m20261202T0300,
  '20261203T0900_rate_counts': m20261203T0900,
  '20261203T1800_rate_log_dropped': m20261203T1800,
  '20261206T1900_class_totals': m20261206T1900,
  '20261207T0230_class_dynamics_by_activity': m20261207T0230,
  '20261207T0300_class_dynamics_by_student': m20261207T0300,
  '20261207T0500_class_lessons_done': m20261207T0500,
  '20261207T0900_school_reads_by_key': m20261207T0900,
  '20261207T1000_children_found_by_parent': m20261207T1000,
  '20261207T1200_every_child_found_by_parent': m20261207T1200,
  '20261207T1300_certificates_and_sweeps_by_key': m20261207T1300,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
