import { translator } from '../translate';
import { common } from './common';

/** The home page islands: banner, reviews, video feeds, album and comments. */
export const home = {
  'home.like': '点赞',
  'home.unlike': '取消点赞',
  'home.expand': '展开',
  'home.collapse': '收起',
  'home.delete': '删除',
  'home.reply': '回复',
  'home.send': '发送',
  'banner.label': '首页轮播',
  'banner.goTo': '切换到第 {n} 张',
  'banner.slide': '第 {n} 张，共 {total} 张',
  'reviews.empty': '暂无点评',
  'reviews.schoolReply': '学校回复：',
  'reviews.views': '浏览 {n}',
  'reviews.pagination': '评价分页',
  'feeds.pagination': '{name}分页',
  'feeds.play': '播放 {title}',
  'feeds.playPrefix': '播放：',
  'feeds.likes': '{n} 赞',
  'feeds.all': '全部',
  'album.pictures': '图片 {n}',
  'album.videos': '视频 {n}',
  'album.comments': '评论',
  'album.commentsTitle': '评论（{n}）',
  'album.noMaterials': '暂无内容',
  'album.thumbnails': '缩略图',
  'album.previous': '上一张',
  'album.next': '下一张',
  'comments.placeholder': '写下你的评论…',
  'comments.replyTo': '回复 {name}',
  'comments.vest': '虚拟评论',
  'comments.deleteConfirm': '确定删除该评论？',
  'comments.replies': '{n} 条回复',
  'comments.hideReplies': '收起回复',
  'comments.empty': '暂无评论',
  'comments.contentRequired': '请输入内容',
  'home.openAlbum': '打开相册',
} as const;

export const t = /* @__PURE__ */ translator(common, home);
