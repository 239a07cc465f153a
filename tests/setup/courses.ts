import { expect } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as crs from '~/lib/api/contracts/admin-courses';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import type { TestServer } from './server';
import { asStaff, type TestStaffSession } from './staff';
import { freshStudentMobile, ok, onClass, type Staffer } from './classes';
import { loginAs, type TestUser } from './users';

/**
 * Courses made through the staff calls, for API tests: a course with a chapter and a section,
 * files put in the media library through its resumable upload, a class that teaches the course
 * and a student enrolled by staff who signs in as a learner.
 */

let counter = 0;

export const courseInput = (over: Partial<crs.CourseInput> = {}): crs.CourseInput => {
  counter += 1;
  return { name: `测试课程${process.pid}-${counter}`, courseNature: 1, introduce: '一句话简介', ...over };
};

export const onCourse = (who: Staffer, courseId: string, tenantId: string, headers: Record<string, string> = {}) => ({
  ...asStaff(who.session, tenantId, headers),
  params: { id: courseId },
});

export async function makeCourse(server: TestServer, admin: Staffer, tenantId: string, over: Partial<crs.CourseInput> = {}): Promise<crs.AdminCourse> {
  return ok(server.call(crs.adminCourseSave, courseInput(over), asStaff(admin.session, tenantId)));
}

/** A course with one chapter and one section in it; answers the course and the section's id. */
export async function courseWithSection(server: TestServer, admin: Staffer, tenantId: string) {
  const course = await makeCourse(server, admin, tenantId);
  const withChapter = await ok<crs.AdminCourse>(server.call(crs.adminChapterSave, { name: '第一章 基础' }, onCourse(admin, course.id, tenantId)));
  const chapterId = withChapter.chapters[0]!.id;
  const withSection = await ok<crs.AdminCourse>(
    server.call(crs.adminChapterSave, { name: '第一节 概念', parentId: chapterId }, onCourse(admin, course.id, tenantId)),
  );
  const sectionId = withSection.chapters.find((c) => c.parentId === chapterId)!.id;
  return { course: withSection, chapterId, sectionId };
}

export async function attach(server: TestServer, admin: Staffer, tenantId: string, classId: string, courseId: string) {
  return ok<crs.AdminClassCourse[]>(
    server.call(crs.adminClassCourseAttach, { courseId, learnStart: '2026-11-01', learnEnd: '2027-01-31' }, onClass(admin, classId, tenantId)),
  );
}

/** A new student enrolled by staff in the class, signed in as a learner. */
export async function studentOf(server: TestServer, admin: Staffer, tenantId: string, classId: string): Promise<{ user: TestUser; studentId: string }> {
  const mobile = freshStudentMobile();
  const enrolled = await ok<cls.Enrolled>(server.call(cls.adminClassEnrol, { mobile, name: '课程学员' }, onClass(admin, classId, tenantId)));
  const user = await loginAs(server, tenantId, mobile);
  return { user, studentId: enrolled.student.id };
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Puts a file in the school's media library through the resumable upload, in one piece; answers the asset's id. */
export async function uploadMedia(server: TestServer, session: TestStaffSession, tenantId: string, name: string, bytes: Uint8Array): Promise<string> {
  const base = asStaff(session, tenantId).headers ?? {};
  const headers = { ...base, TenantId: tenantId, 'Tus-Resumable': '1.0.0' };
  const made = await server.fetch(MEDIA_UPLOAD_PATH, {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${b64(name)}` },
  });
  expect(made.status, made.text).toBe(201);
  const done = await server.fetch(made.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes as unknown as BodyInit,
  });
  expect(done.status, done.text).toBe(204);
  return done.headers.get('media-asset-id')!;
}
