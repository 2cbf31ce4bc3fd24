"""The campaign's pages (server-rendered, for players and the GM): one module per page, named
after its template in templates/pages/; `presentation` holds what several pages share.
campaigns/urls.py routes to them."""
