/**
 * The engagement and media calls, relative to /api (the routes mount them; tests prefix /api).
 * One list so docs/api.md, the routes and the tests name the same paths.
 */
export const ENGAGEMENT_PATHS = {
  banners: '/universityAdvertise/anyUser/contentOperation/getMaterialPosterList',
  albumCategories: '/universityAdvertise/anyUser/materialCategory/queryList',
  albumTabs: '/universityAdvertise/anyUser/materialCategoryTab/tabList',
  albumMaterials: '/universityAdvertise/anyBiz/material/queryListByMaterialCategoryId',
  feedItem: '/universityAdvertise/anyUser/contentOperation/getOperationBasic',
  feedPage: '/universityAdvertise/anyUser/contentOperation/page',
  feedTags: '/universityAdvertise/anyUser/contentOperation/getTagList',
  commentPage: '/universityAdvertise/anyBiz/comments/appPageByObjectId',
  commentSave: '/universityAdvertise/app/comments/saveComment',
  commentReply: '/universityAdvertise/app/comments/reply',
  commentRemove: '/universityAdvertise/app/comments/removeById',
  commentGetReply: '/universityAdvertise/app/comments/getReply',
  commentReplies: '/universityAdvertise/anyBiz/comments/userCommentsPage',
  thumbs: '/universityAdvertise/anyone/thumbsUserRecord/thumbs',
  unthumbs: '/universityAdvertise/anyone/thumbsUserRecord/deleted',
  reviewPage: '/universityAdvertise/anyBiz/commentScore/page',
  reviewTags: '/universityAdvertise/anyBiz/commentScoreTag/list',
} as const;
