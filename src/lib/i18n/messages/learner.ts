import { translator } from '../translate';
import { common } from './common';
import { header } from './header';
import { mine } from './mine';

/** The learner area (learner-area.md): my learning and the class page. */
export const learner = {
  'learner.studentTag': '学员',
  'learner.myLearning': '我的学习',
  'learner.classDetail': '班级详情',
  'learner.statusTabs': '班级状态',
  'learner.tabAll': '全部',
  'learner.tabPendingAdmission': '待入学',
  'learner.tabPendingStart': '待开课',
  'learner.tabPendingCheckIn': '待签到',
  'learner.tabInService': '服务中',
  'learner.tabCompleted': '已完成',
  'learner.statusPendingAdmission': '待入学',
  'learner.statusPendingStart': '待开课',
  'learner.statusGoLearn': '去学习',
  'learner.statusInService': '服务中',
  'learner.statusCompleted': '服务已完成',
  'learner.classList': '我的班级',
  'learner.classPager': '班级分页',
  'learner.period': '班期',
  'learner.product': '产品',
  'learner.teacher': '班主任',
  'learner.trainingTime': '培训时间',
  'learner.noClasses': '当前状态下暂无班级',
  'learner.preparing': '内容正在准备中，请稍候',
  'learner.expectedOpen': '培训预计于{date}开班，请耐心等待',
  'learner.waitPatiently': '班级尚未开班，请耐心等待',
  'learner.periodList': '我的班期',
  'learner.periodPager': '班期分页',
  'learner.noPeriods': '暂无班期',
  'learner.retry': '重新加载',
  'learner.loadFailed': '加载失败：{message}',
  'learner.noClassId': '缺少班级参数，请从“我的学习”进入班级',
  'learner.classStatus': '班级状态',
  'learner.trainingPeriod': '培训周期',
  'learner.startDate': '开班日期',
  'learner.activityTotal': '活动总数',
  'learner.studentTotal': '班级人数',
  'learner.visits': '学习次数',
  'learner.classPlaceholder': '今日课程、往期课程和课程表即将开放，敬请期待',
  'learner.breadcrumb': '面包屑',
  'learner.comingSoon': '敬请期待',
} as const;

export const t = /* @__PURE__ */ translator(common, header, mine, learner);
