import { get, post } from '../contract';
import type { Page, PageRequest } from '../../paging';

/** Comments, likes and the home page's student reviews. */

/** What a comment is about. ORDER exists in the spec, but this portal has no orders to comment on. */
export const COMMENT_OBJECT_TYPES = ['UNIVERSITY_PIC', 'MICRO_CLASSROOM', 'ORDER', 'NEW_INFORMATION', 'PEOPLE_SAY'] as const;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];

/** What a like is for. */
export const THUMBS_OBJECT_TYPES = ['REVIEW', 'PEOPLE_SAY', 'MICRO_CLASSROOM', 'UNIVERSITY_PIC'] as const;
export type ThumbsObjectType = (typeof THUMBS_OBJECT_TYPES)[number];

/** USER: written by a logged-in user. VEST: a virtual comment seeded by the school (shown as 虚拟评论). */
export type CommentAuthorRole = 'USER' | 'VEST';

export interface CommentView {
  id: string;
  /** The author's user id; null for VEST comments. */
  commentAuthor: string | null;
  commentAuthorName: string;
  commentAuthorPic: string | null;
  commentAuthorRole: CommentAuthorRole;
  /** Plain text; the UI escapes it. */
  commentContent: string;
  commentObjectId: string;
  commentObjectType: CommentObjectType;
  commentParent: string | null;
  commentParentAuthorName: string | null;
  /** The text of the comment replied to; null for a top comment. */
  commentReply: string | null;
  commentTopId: string | null;
  createdTime: string;
  createdTimestamp: number;
  /** Top comment: replies in its thread. Reply: direct replies to it. */
  childrenCount: number;
  /** True when the current user wrote it (the UI offers delete). */
  mine: boolean;
}

export interface CommentWithReplies extends CommentView {
  children: CommentView[];
}

export interface ThumbsState {
  /** 1 when the user now likes the object. */
  thumbs: 0 | 1;
  thumbsCount: number;
}

export interface ReviewFile {
  url: string;
  type: 'image' | 'video';
}

export interface Review {
  id: string;
  commentContent: string;
  commentAuthorName: string;
  commentAuthorPic: string | null;
  createdTime: string;
  createdTimestamp: number;
  product: { varietyName: string | null };
  fileList: ReviewFile[];
  browseCount: number;
  thumbsCount: number;
  /** 1 when the current user (valid Token) likes it, else 0. */
  thumbs: 0 | 1;
  /** The school's reply, or null. */
  schoolComment: string | null;
  score: number;
  /** 1 when pinned to the top. */
  top: number;
}

export interface ReviewTag {
  id: string;
  name: string;
  /** Published reviews with this tag. */
  count: number;
}

/** The comment text is checked by the server: blank is refused, more than 500 characters too. */
type CommentText = { commentContent: string };

// anyBiz calls take an optional Token (for `mine` and `thumbs`); app/ and anyone/ calls need one.
export const commentPage = post<PageRequest<{ commentObjectId: string; commentObjectType: CommentObjectType }, 'createdTime'>, Page<CommentView>>(
  '/universityAdvertise/anyBiz/comments/appPageByObjectId',
);
/** The replies of a thread (commentTopId: its top comment), oldest first by default. */
export const threadPage = post<PageRequest<{ commentTopId: string; commentObjectId?: string }, 'createdTime'>, Page<CommentView>>(
  '/universityAdvertise/anyBiz/comments/userCommentsPage',
);
export const saveComment = post<{ commentObjectId: string; commentObjectType: CommentObjectType } & CommentText, CommentView>(
  '/universityAdvertise/app/comments/saveComment',
);
export const replyComment = post<{ commentParent: string } & CommentText, CommentView>('/universityAdvertise/app/comments/reply');
/** Deletes the user's own comment and every reply below it. */
export const removeComment = get<{ id: string }, boolean>('/universityAdvertise/app/comments/removeById');
/** A top comment with its whole thread; a reply with its direct replies. */
export const commentWithReplies = get<{ id: string }, CommentWithReplies>('/universityAdvertise/app/comments/getReply');
export const like = post<{ objectId: string; objectType: ThumbsObjectType }, ThumbsState>('/universityAdvertise/anyone/thumbsUserRecord/thumbs');
export const unlike = post<{ objectId: string; objectType: ThumbsObjectType }, ThumbsState>('/universityAdvertise/anyone/thumbsUserRecord/deleted');
/** Published reviews: pinned first, then newest first. */
export const reviewPage = post<PageRequest<{ tagId?: string }, 'createdTime'>, Page<Review>>('/universityAdvertise/anyBiz/commentScore/page');
export const reviewTags = post<Record<string, never>, ReviewTag[]>('/universityAdvertise/anyBiz/commentScoreTag/list');
