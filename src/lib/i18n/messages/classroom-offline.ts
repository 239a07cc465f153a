import { translator } from '../translate';
import { common } from './common';
import { header } from './header';
import { mine } from './mine';
import { learner } from './learner';

/** The face-to-face classroom and signing in and out. */
export const offline = {
  'offline.title': '面授课堂',
  'offline.noQuery': '缺少课堂参数，请从班级详情的面授活动进入课堂',
  'offline.required': '必修',
  'offline.elective': '选修',
  'offline.faceToFace': '面授',
  'offline.classTime': '上课时间',
  'offline.location': '上课地点',
  'offline.timeRange': '{start} 至 {end}',
  'offline.none': '暂无数据',
  'offline.attendance': '考勤',
  'offline.signIn': '签到',
  'offline.signOut': '签退',
  'offline.signing': '提交中…',
  'offline.signedInAt': '已签到 {time}',
  'offline.signedOutAt': '已签退 {time}',
  'offline.notSignedIn': '未签到',
  'offline.notSignedOut': '未签退',
  'offline.signInSuccess': '签到成功',
  'offline.signOutSuccess': '签退成功',
  'offline.duplicate': '不允许重复考勤签到',
  'offline.notes': '课前须知',
  'offline.points': '课堂知识点',
  'offline.teachers': '授课老师',
  'offline.leadTeacher': '主讲老师',
  'offline.assistant': '助教',
  'offline.highlights': '课堂花絮',
  'offline.highlightCount': '课堂花絮（{n}）',
  'offline.noHighlights': '学校暂未上传内容',
  'offline.playVideo': '播放视频：{name}',
  'offline.viewImage': '查看图片：{name}',
  'offline.videoTitle': '{name}',
  'offline.imageTitle': '图片预览：{name}',
  'offline.zoomIn': '放大',
  'offline.zoomOut': '缩小',
  'offline.zoomReset': '还原',
  'offline.zoomLevel': '缩放 {percent}%',
  'offline.previous': '上一张',
  'offline.next': '下一张',
  'offline.position': '第 {index} / {total} 张',
  'offline.noVideo': '您的浏览器无法播放该视频',
} as const;

export const t = /* @__PURE__ */ translator(common, header, mine, learner, offline);
